/**
 * The read API's floor: a bare Fastify instance (no plugins, no logger, no schemas) whose routes
 * run the same SQL as the real `GET /api/brands`, `GET /api/brands/{brandId}/conversations` and
 * `GET /api/conversations/{conversationId}/messages`: the session lookup (cookie -> SHA-256 -> sessions join
 * users and the personal workspace, with the idle and absolute expiry conditions), the verified check, and the
 * list query with its workspace-membership condition and the same parameters, through raw `pg`, serialised with `JSON.stringify`.
 * It answers the same bodies and the same `X-Next-Cursor` header as the real routes (the bench checks that),
 * so the difference between the two is what the framework, plugins, ORM and validation cost.
 *
 * The real app sends its hot reads as named (server-side prepared) statements, parsed once per connection; the
 * floor does the same by default, so that the comparison is about the Node side only and the real app does not
 * look better than the floor by saving PostgreSQL work the floor repeats. BENCH_FLOOR_STATEMENTS=unnamed sends
 * plain unnamed statements instead (parsed and planned on every call, as the real app did before decision 016).
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { isoInstant } from '#server/db/timestamps.ts';

const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const LIMIT = 50;

// The session's current workspace comes with the user in the same row (decision 030), as in the real app.
const SESSION_SQL = `select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.verified, u.role,
    coalesce(s.workspace_id, w.id) as workspace_id, s.last_seen_at
  from sessions s inner join users u on u.id = s.user_id left join workspaces w on w.personal_for = u.id
  where s.id_hash = $1 and s.expires_at > $2 and s.last_seen_at > $3 limit $4`;
/** The membership condition every hot read carries (decision 030): the caller is in the brand's workspace. */
const MEMBER = (workspace: string, user: string) =>
  `exists (select 1 from workspace_members m where m.workspace_id = ${workspace} and m.user_id = ${user})`;
const TOUCH_SQL = `update sessions set last_seen_at = $1 where id_hash = $2`;
const BRANDS_SQL = `select id, name, username, active, instagram_connected, shopify_connected, created_at::text as position_at,
    (select sc.platform from store_connections sc where sc.brand_id = brands.id limit 1) as store_platform,
    exists (select 1 from instagram_connections ic where ic.brand_id = brands.id and ic.sample) as instagram_sample
  from brands where workspace_id = $1 and ${MEMBER('$2', '$3')} order by created_at asc, id asc limit $4`;
const CONVERSATIONS_SQL = `select id, customer_username, last_message_at, status, handled_by, last_message_at::text as position_at,
    (conversations.last_customer_message_at is not null and not exists (select 1 from conversation_reads r
      where r.user_id = $3 and r.conversation_id = conversations.id
        and r.read_at >= conversations.last_customer_message_at)) as unread,
    (select left(m.content, 140) from messages m where m.conversation_id = conversations.id
      order by m.created_at desc, m.id desc limit 1) as preview
  from conversations
  where brand_id = $1 and exists (select 1 from brands where brands.id = $2 and ${MEMBER('brands.workspace_id', '$3')})
  order by last_message_at desc nulls last, id desc nulls last limit $4`;
const BRAND_SQL = `select id, name from brands where id = $1 and ${MEMBER('brands.workspace_id', '$2')} limit $3`;
const MESSAGES_SQL = `select id, sender, content, created_at, inventory_checked, created_at::text as position_at, delivery_state
  from messages
  where conversation_id = $1 and exists (select 1 from conversations inner join brands on brands.id = conversations.brand_id
    where conversations.id = $2 and ${MEMBER('brands.workspace_id', '$3')})
  order by created_at asc, id asc limit $4`;
const CONVERSATION_SQL = `select conversations.id from conversations inner join brands on brands.id = conversations.brand_id
  where conversations.id = $1 and ${MEMBER('brands.workspace_id', '$2')} limit $3`;

const cursorOf = (row: { position_at: string; id: string }) =>
  Buffer.from(`${row.position_at}|${row.id}`, 'utf8').toString('base64url');

export async function startFloor(
  databaseUrl: string,
  statements: 'named' | 'unnamed' = 'named',
): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    application_name: 'voicecart-floor',
    // Timestamps arrive as PostgreSQL's text and are written as ISO text by the real app's own `isoInstant`
    // (server/db/timestamps.ts): pg's timestamptz parser and `new Date(text)` are slower, and the floor must not
    // be handicapped.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.TIMESTAMPTZ
          ? (text: string) => text
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `floor_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  // pg's QueryConfig: a `name` makes it a prepared statement, parsed once per connection.
  const query = (text: string, values: unknown[]) =>
    statements === 'named' ? pool.query({ name: nameOf(text), text, values }) : pool.query(text, values);
  const app: FastifyInstance = Fastify();

  async function userOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ id: string; workspaceId: string } | undefined> {
    const token = /(?:^|;\s*)vc_session=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      void reply.status(401).send({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      return undefined;
    }
    const idHash = createHash('sha256').update(token).digest('hex');
    const now = new Date();
    const { rows } = await query(SESSION_SQL, [idHash, now, new Date(now.getTime() - SESSION_IDLE_MS), 1]);
    const row = rows[0];
    if (!row) {
      void reply.status(401).send({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      return undefined;
    }
    if (now.getTime() - new Date(isoInstant(row.last_seen_at)).getTime() > TOUCH_INTERVAL_MS)
      await query(TOUCH_SQL, [now, idHash]);
    if (!row.verified) {
      void reply
        .status(403)
        .send({ message: 'Your account is awaiting review by our admin team.', code: 'FORBIDDEN' });
      return undefined;
    }
    return { id: row.id as string, workspaceId: row.workspace_id as string };
  }

  function sendPage<Row extends { id: string; position_at: string }>(
    reply: FastifyReply,
    rows: Row[],
    map: (row: Row) => unknown,
  ) {
    const hasMore = rows.length > LIMIT;
    const kept = hasMore ? rows.slice(0, LIMIT) : rows;
    if (hasMore) void reply.header('x-next-cursor', cursorOf(kept.at(-1)!));
    void reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(kept.map(map)));
  }

  app.get('/api/brands', async (request, reply) => {
    const user = await userOf(request, reply);
    if (!user) return reply;
    const { rows } = await query(BRANDS_SQL, [user.workspaceId, user.workspaceId, user.id, LIMIT + 1]);
    sendPage(reply, rows, (r) => ({
      id: r.id,
      name: r.name,
      username: r.username,
      active: r.active,
      instagramConnected: r.instagram_connected,
      shopifyConnected: r.shopify_connected,
      storePlatform: r.store_platform,
      instagramSample: r.instagram_sample,
    }));
    return reply;
  });

  app.get<{ Params: { brandId: string } }>('/api/brands/:brandId/conversations', async (request, reply) => {
    const userId = (await userOf(request, reply))?.id;
    if (!userId) return reply;
    const { brandId } = request.params;
    const { rows } = await query(CONVERSATIONS_SQL, [brandId, brandId, userId, LIMIT + 1]);
    if (rows.length === 0 && (await query(BRAND_SQL, [brandId, userId, 1])).rows.length === 0) {
      return reply.status(404).send({ message: 'Brand not found', code: 'NOT_FOUND' });
    }
    sendPage(reply, rows, (r) => ({
      id: r.id,
      customerUsername: r.customer_username,
      lastMessageAt: isoInstant(r.last_message_at),
      status: r.status,
      handledBy: r.handled_by,
      unread: r.unread,
      preview: r.preview,
    }));
    return reply;
  });

  app.get<{ Params: { conversationId: string } }>(
    '/api/conversations/:conversationId/messages',
    async (request, reply) => {
      const userId = (await userOf(request, reply))?.id;
      if (!userId) return reply;
      const { conversationId } = request.params;
      const { rows } = await query(MESSAGES_SQL, [conversationId, conversationId, userId, LIMIT + 1]);
      if (
        rows.length === 0 &&
        (await query(CONVERSATION_SQL, [conversationId, userId, 1])).rows.length === 0
      ) {
        return reply.status(404).send({ message: 'Conversation not found', code: 'NOT_FOUND' });
      }
      sendPage(reply, rows, (r) => ({
        id: r.id,
        sender: r.sender,
        content: r.content,
        createdAt: isoInstant(r.created_at),
        inventoryChecked: r.inventory_checked,
        deliveryState: r.delivery_state,
      }));
      return reply;
    },
  );

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
