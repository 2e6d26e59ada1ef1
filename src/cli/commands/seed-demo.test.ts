import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands } from '#server/db/schema/index.ts';
import { runAdminCli } from '#tests/support/cli.ts';
import { createTestUser } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

let database: TestDatabase;

const seed = (email: string) => runAdminCli(database, ['seed-demo', '--email', email]);

/** Row counts per table for one user, reached through their brands. */
async function countsFor(userId: string) {
  const { rows } = await database.executeSql(
    `select
       (select count(*) from brands where user_id = $1)::int as brands,
       (select count(*) from conversations c join brands b on b.id = c.brand_id where b.user_id = $1)::int as conversations,
       (select count(*) from messages m join brands b on b.id = m.brand_id where b.user_id = $1)::int as messages,
       (select count(*) from comments m join brands b on b.id = m.brand_id where b.user_id = $1)::int as comments,
       (select count(*) from brand_personalities p join brands b on b.id = p.brand_id where b.user_id = $1)::int as personalities,
       (select count(*) from automation_rules r join brands b on b.id = r.brand_id where b.user_id = $1)::int as rules`,
    [userId],
  );
  return rows[0] as Record<string, number> & { conversations: number; messages: number };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('admin seed-demo', () => {
  it('gives the user the sample data, and a second run adds nothing', async () => {
    const user = await createTestUser(database.db, { email: 'demo@example.com' });
    const other = await createTestUser(database.db, { email: 'other@example.com' });
    await database.db.insert(brands).values({ userId: other.id, name: 'Other', username: 'lunaskincare' });
    const otherBefore = await countsFor(other.id);

    const first = await seed('Demo@Example.com');
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const counts = await countsFor(user.id);
    expect(counts.brands).toBe(3);
    expect(counts.conversations).toBeGreaterThanOrEqual(25);
    expect(counts.comments).toBeGreaterThanOrEqual(15);
    expect(counts.personalities).toBe(3);
    expect(counts.rules).toBe(9);
    expect(counts.messages).toBeGreaterThan(counts.conversations);

    const flags = await database.db
      .select({ active: brands.active, ig: brands.instagramConnected, shop: brands.shopifyConnected })
      .from(brands)
      .where(eq(brands.userId, user.id))
      .orderBy(brands.createdAt);
    // Every demo brand has the sample Instagram account behind its flag, so the brand list and /dashboard/instagram
    // agree; the store flag comes from connecting the sample store (checked below).
    expect(flags).toEqual([
      { active: true, ig: true, shop: true },
      { active: true, ig: true, shop: false },
      { active: false, ig: true, shop: false },
    ]);
    const { rows: instagram } = await database.executeSql(
      `select c.sample, c.status, c.access_token_sealed as token from instagram_connections c
         join brands b on b.id = c.brand_id where b.user_id = $1`,
      [user.id],
    );
    expect(instagram).toEqual(Array(3).fill({ sample: true, status: 'connected', token: '' }));

    const { rows: statuses } = await database.executeSql(
      `select distinct c.status from conversations c join brands b on b.id = c.brand_id where b.user_id = $1`,
      [user.id],
    );
    const statusSet = new Set(statuses.map((r) => r.status));
    expect(statusSet.has('active') && statusSet.has('resolved')).toBe(true);
    expect(statusSet.size).toBeGreaterThanOrEqual(3);

    // Each conversation knows when the buyer last wrote, as one that came through the channel does: the time
    // of its newest buyer message, none without one (so the inbox shows it unread and the reply window is open).
    const { rows: buyerTimes } = await database.executeSql(
      `select c.last_customer_message_at is not distinct from (select max(m.created_at) from messages m
          where m.conversation_id = c.id and m.sender = 'customer') as matches,
        c.last_customer_message_at is not null as known
       from conversations c join brands b on b.id = c.brand_id where b.user_id = $1`,
      [user.id],
    );
    expect(buyerTimes.every((row) => row.matches === true)).toBe(true);
    expect(buyerTimes.filter((row) => row.known === true).length).toBeGreaterThanOrEqual(20);

    const { rows: detail } = await database.executeSql(
      `select
         (select count(*) from messages m join brands b on b.id = m.brand_id where b.user_id = $1 and m.inventory_checked)::int as checked,
         (select count(*) from messages m join brands b on b.id = m.brand_id where b.user_id = $1 and m.sender = 'ai')::int as ai,
         (select count(*) from comments m join brands b on b.id = m.brand_id where b.user_id = $1 and m.replied and m.reply_content <> '')::int as replied,
         (select count(*) from comments m join brands b on b.id = m.brand_id where b.user_id = $1 and not m.replied)::int as fresh,
         (select count(*) from automation_rules r join brands b on b.id = r.brand_id where b.user_id = $1 and r.trigger like '%🔥%')::int as fire,
         (select count(*) from automation_rules r join brands b on b.id = r.brand_id where b.user_id = $1 and r.trigger like '%9am-6pm PST%')::int as hours`,
      [user.id],
    );
    expect(detail[0]).toMatchObject({ fire: 3, hours: 3 });

    // The structured forms the assistant evaluates, and the readable texts generated from them.
    const { rows: rules } = await database.executeSql(
      `select r.name, r.trigger, r.action, r.trigger_config, r.action_config, r.active
         from automation_rules r join brands b on b.id = r.brand_id where b.user_id = $1 order by b.name, r.created_at`,
      [user.id],
    );
    expect(rules.slice(0, 3)).toEqual([
      {
        name: 'Product Inquiry Response',
        trigger: 'A message mentions a product name or SKU',
        action: 'Check live inventory and reply with availability and a checkout link',
        trigger_config: { type: 'product_mention' },
        action_config: { type: 'answer_availability' },
        active: true,
      },
      {
        name: 'Fire Emoji Comment to DM',
        trigger: 'A comment contains the 🔥 emoji',
        action: 'Send the commenter a DM with the product link',
        trigger_config: { type: 'comment_keyword', keywords: ['🔥'] },
        action_config: { type: 'private_reply_product_link' },
        active: true,
      },
      {
        name: 'After-Hours Auto Reply',
        trigger: 'A message arrives outside business hours (9am-6pm PST)',
        action:
          'Reply: "Thanks for your message! Our team is offline right now and will follow up during business hours."',
        trigger_config: {
          type: 'outside_business_hours',
          opensAt: '09:00',
          closesAt: '18:00',
          timeZone: 'America/Los_Angeles',
          days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        },
        action_config: {
          type: 'fixed_text',
          text: 'Thanks for your message! Our team is offline right now and will follow up during business hours.',
        },
        active: false,
      },
    ]);
    for (const key of ['checked', 'ai', 'replied', 'fresh'])
      expect(Number(detail[0]![key])).toBeGreaterThan(0);

    // The store-connected demo brand has the sample store with its catalog.
    const { rows: stores } = await database.executeSql(
      `select s.platform, s.name, (select count(*) from catalog_products p where p.connection_id = s.id)::int as products
         from store_connections s join brands b on b.id = s.brand_id where b.user_id = $1`,
      [user.id],
    );
    expect(stores).toEqual([{ platform: 'sample', name: 'Sample store', products: expect.any(Number) }]);
    expect(Number(stores[0]!.products)).toBeGreaterThanOrEqual(60);

    expect(first.out).toContain('1 sample store, 3 sample Instagram accounts.');

    const second = await seed('demo@example.com');
    expect(second.code).toBe(0);
    expect(second.out).toContain(
      'added 0 brands, 0 conversations, 0 messages, 0 comments, 0 automation rules, 0 sample stores, ' +
        '0 sample Instagram accounts.',
    );
    expect(await countsFor(user.id)).toEqual(counts);
    expect(await countsFor(other.id)).toEqual(otherBefore);
  });

  it('connects the sample Instagram account to each demo brand without one, keeping an account of its own', async () => {
    const user = await createTestUser(database.db, { email: 'earlier-seed@example.com' });
    const [luna, urban, own] = await database.db
      .insert(brands)
      .values([
        // As an earlier seed wrote it: shown as connected, with no connection row.
        { userId: user.id, name: 'Luna Skincare', username: 'lunaskincare', instagramConnected: true },
        // Connected for real: its account stays.
        { userId: user.id, name: 'Urban Threads', username: 'urbanthreads.co', instagramConnected: true },
        // Not a demo brand: not the seed's to touch.
        { userId: user.id, name: 'Own', username: 'own' },
      ])
      .returning({ id: brands.id });
    await database.executeSql(
      `insert into instagram_connections (brand_id, account_id, username, access_token_sealed)
       values ($1, '17841400000000999', 'urban', 'sealed')`,
      [urban!.id],
    );

    const result = await seed('earlier-seed@example.com');
    expect(result.code).toBe(0);
    expect(result.out).toContain('added 1 brand,');
    expect(result.out).toContain('1 sample store, 2 sample Instagram accounts.');
    const { rows } = await database.executeSql(
      `select b.id, b.instagram_connected as flag, c.sample, c.account_id as "accountId"
         from brands b left join instagram_connections c on c.brand_id = b.id where b.user_id = $1`,
      [user.id],
    );
    const of = (id: string) => rows.find((row) => row.id === id);
    expect(of(luna!.id)).toMatchObject({ flag: true, sample: true, accountId: `sample-${luna!.id}` });
    expect(of(urban!.id)).toMatchObject({ flag: true, sample: false, accountId: '17841400000000999' });
    expect(of(own!.id)).toMatchObject({ flag: false, sample: null });
    expect(rows.filter((row) => row.sample === true)).toHaveLength(2);

    const again = await seed('earlier-seed@example.com');
    expect(again.out).toContain('0 sample stores, 0 sample Instagram accounts.');
  });

  it('fails for an unknown email and without --email, touching nothing', async () => {
    const { rows: before } = await database.executeSql('select count(*)::int as n from brands', []);
    const unknown = await seed('nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no user with the email nobody@example.com');
    const missing = await runAdminCli(database, ['seed-demo']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Usage: npm run admin -- seed-demo --email E');
    const { rows: after } = await database.executeSql('select count(*)::int as n from brands', []);
    expect(after).toEqual(before);
  });
});
