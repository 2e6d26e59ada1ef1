/**
 * The bench's data set: one user with three brands in their workspace, which has 10 members (the other nine are
 * admins and agents, so the membership check reads a realistic table), the first brand with 10,000 conversations
 * and 20 messages each.
 */
import type { DatabaseHandle } from '#server/db/client.ts';

/** BENCH_CONVERSATIONS shrinks the data set to try the bench quickly (figures only count at the default). */
export const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
export const MESSAGES_PER_CONVERSATION = 20;
/** Conversations that get their messages in the first phase: 100 x 20 = 2,000 messages. */
export const FIRST_PHASE_CONVERSATIONS = Math.min(100, CONVERSATIONS);
export async function seed(database: DatabaseHandle) {
  const run = database.executeSql;
  const [user] = (
    await run(
      `insert into users (email, first_name, verified) values ('bench@example.com', 'Bench', true) returning id`,
      [],
    )
  ).rows;
  // A few brands, as a real user has; the big one is the first.
  const { rows: brandRows } = await run(
    `insert into brands (user_id, name, username, instagram_connected, shopify_connected, created_at)
     select $1::uuid, 'Bench Brand ' || n, 'bench' || n, true, n = 1, now() - n * interval '1 day'
     from generate_series(1, 3) n returning id, name`,
    [user!.id],
  );
  await run(
    `with teammates as (
       insert into users (email, first_name, verified)
       select 'bench-teammate-' || n || '@example.com', 'Teammate ' || n, true from generate_series(1, 9) n
       returning id)
     insert into workspace_members (workspace_id, user_id, role)
     select w.id, t.id, case when row_number() over () % 3 = 0 then 'admin' else 'agent' end
     from teammates t cross join workspaces w where w.personal_for = $1::uuid`,
    [user!.id],
  );
  const brandId = brandRows.find((b) => b.name === 'Bench Brand 1')!.id as string;
  await run(
    `insert into conversations (brand_id, customer_username, customer_instagram_id, status, last_message_at)
     select $1::uuid, 'customer_' || n, 'b-' || n,
            (array['active', 'resolved', 'escalated'])[1 + n % 3],
            now() - n * interval '37 seconds'
     from generate_series(1, ${CONVERSATIONS}) n`,
    [brandId],
  );
  return { userId: user!.id as string, brandId };
}

/** Messages for the conversations numbered within [from, to]. */
export async function addMessages(database: DatabaseHandle, brandId: string, from: number, to: number) {
  await database.executeSql(
    `insert into messages (conversation_id, brand_id, sender, content, inventory_checked, created_at)
     select c.id, c.brand_id, case when k % 2 = 0 then 'ai' else 'customer' end,
            'Message ' || k || ': is the linen shirt still available in medium?', k % 4 = 0,
            c.last_message_at - (${MESSAGES_PER_CONVERSATION} - k) * interval '1 minute'
     from conversations c cross join generate_series(1, ${MESSAGES_PER_CONVERSATION}) k
     where c.brand_id = $1::uuid and substr(c.customer_instagram_id, 3)::int between $2 and $3`,
    [brandId, from, to],
  );
  // As autovacuum would after a bulk insert: statistics, and the GIN indexes' pending lists merged (a search
  // otherwise reads every row inserted since through the pending list). The conversations too: with the
  // username trigram index's 10,000 rows still pending, the planner scanned every username with ILIKE instead
  // (about 3 ms a search, most of PostgreSQL's time per request) whenever autovacuum had not come by yet.
  await database.executeSql('vacuum analyze messages, conversations', []);
  await database.executeSql('analyze', []);
}
