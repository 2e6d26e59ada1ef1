import { and, eq, fillPlaceholders, gt, sql } from 'drizzle-orm';
import { pruneOlderThan, type BatchedDeleteResult } from '#server/db/batched-delete.ts';
import { isoFromTime, isoInstant } from '#server/db/timestamps.ts';
import { rowArrayRunnerOf, type Database } from '#server/db/client.ts';
import { sessions, users, workspaces, type User } from '#server/db/schema/index.ts';
import { hashToken, newToken } from '#server/security/tokens.ts';

/** Session lifetimes: idle 7 days, absolute 30 days. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const SESSION_COOKIE = 'vc_session';

export type SessionUser = Pick<
  User,
  'id' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'verified' | 'role'
>;

/**
 * The columns a request's user is read with: by a session cookie, by an API key (api-keys.ts), at sign-in. Keep
 * their order: the session lookup below reads its rows as arrays, by position.
 */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  verified: users.verified,
  role: users.role,
};

/** The stored id of a session cookie's value (to keep one session while deleting the account's others). */
export const sessionIdHashOf = hashToken;

/** A random 256-bit id; the cookie holds it, the database holds its hash. */
export async function createSession(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/**
 * The session lookup runs on every /api request, so it is a prepared statement built once per database handle
 * (a named statement on PostgreSQL) instead of being rebuilt by Drizzle each time (decision 016). The
 * conditions are unchanged: the hash matches, the absolute end is in the future, the session was seen within
 * the idle limit. On a database from openDatabase it runs by name with rows as arrays, like the dashboard's hot
 * lists (dashboard/queries.ts): Drizzle's prepared query added its tracing span and generic row mapper to every
 * request, about as much CPU as the list's own mapping.
 */
function prepareSessionLookup(db: Database): SessionLookup {
  const query = db
    .select({
      ...sessionUserColumns,
      // The session's current workspace, else the personal one: read here so no route asks again (decision 030).
      workspaceId: sql<string | null>`coalesce(${sessions.workspaceId}, ${workspaces.id})`,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(workspaces, eq(workspaces.personalFor, users.id))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1);
  const runner = rowArrayRunnerOf(db);
  if (!runner) {
    const prepared = query.prepare('session_user');
    return async (idHash, now, idleSince) => {
      const [row] = await prepared.execute({ idHash, now, idleSince });
      if (!row) return undefined;
      const { workspaceId, lastSeenAt, ...user } = row;
      return { user, workspaceId, lastSeenAt };
    };
  }
  const { sql: text, params } = query.toSQL();
  const statement = { name: 'session_user', text };
  return async (idHash, now, idleSince) => {
    // Times as ISO text: what Drizzle would send for these timestamptz columns, without pg's local-time formatting
    // (and without V8's slow `toISOString`, db/timestamps.ts).
    const values = { idHash, now: isoFromTime(now.getTime()), idleSince: isoFromTime(idleSince.getTime()) };
    const [row] = await runner(statement, fillPlaceholders(params, values));
    if (!row) return undefined;
    return {
      user: {
        id: row[0] as string,
        email: row[1] as string,
        firstName: row[2] as string | null,
        lastName: row[3] as string | null,
        profileImageUrl: row[4] as string | null,
        verified: row[5] as boolean,
        role: row[6] as User['role'],
      },
      workspaceId: row[7] as string | null,
      // Timestamps arrive as PostgreSQL's text (the runner's type parser); read through its ISO form, which V8
      // parses on its fast path (db/timestamps.ts).
      lastSeenAt: new Date(isoInstant(row[8] as string)),
    };
  };
}

type SessionLookup = (
  idHash: string,
  now: Date,
  idleSince: Date,
) => Promise<(FoundSession & { lastSeenAt: Date }) | undefined>;

const sessionLookups = new WeakMap<Database, SessionLookup>();

/**
 * A session's user and the workspace it works in (membership is checked where it is used). Apart, so that
 * neither is copied out of the other on every request.
 */
export interface FoundSession {
  user: SessionUser;
  workspaceId: string | null;
}

/**
 * The signed-in user for a cookie value, or null when the session is unknown, idle too long or past its end.
 * A lookup counts as activity (it moves the idle limit) unless `touch` is false: a check the server makes on its
 * own, like the live stream's heartbeat, must not keep an unattended tab signed in past the idle limit.
 */
export async function findSessionUser(
  db: Database,
  token: string,
  now = new Date(),
  { touch = true }: { touch?: boolean } = {},
): Promise<FoundSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const idHash = hashToken(token);
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const found = await lookup(idHash, now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!found) return null;
  if (touch && now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return found;
}

/** Makes the workspace the session's current one (the caller checked the membership). */
export async function setSessionWorkspace(db: Database, token: string, workspaceId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ workspaceId })
    .where(eq(sessions.idHash, hashToken(token)));
}

/** What the Profile screen shows of a session: the browser and the address it signed in with. */
export async function recordSessionClient(
  db: Database,
  token: string,
  client: { userAgent: string | undefined; ipAddress: string },
): Promise<void> {
  await db
    .update(sessions)
    // Bounded: the header is the client's to choose.
    .set({ userAgent: client.userAgent?.slice(0, 512) ?? null, ipAddress: client.ipAddress.slice(0, 64) })
    .where(eq(sessions.idHash, hashToken(token)));
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Housekeeping (the prune-old-rows job): sessions past their absolute expiry or idle too long can no longer be used. */
export async function pruneExpiredSessions(db: Database): Promise<BatchedDeleteResult> {
  const expired = await pruneOlderThan(db, {
    table: 'sessions',
    key: 'id_hash',
    column: 'expires_at',
    olderThan: { seconds: 0 },
  });
  const idle = await pruneOlderThan(db, {
    table: 'sessions',
    key: 'id_hash',
    column: 'last_seen_at',
    olderThan: { seconds: SESSION_IDLE_MS / 1000 },
    indexed: false,
  });
  return { deleted: expired.deleted + idle.deleted, statements: expired.statements + idle.statements };
}
