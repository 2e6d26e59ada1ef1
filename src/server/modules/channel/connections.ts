import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DAY_MS } from '#contracts/calendar.ts';
import type { ConnectInstagramInput, InstagramConnection } from '#contracts/instagram.ts';
import { paths } from '#contracts/paths.ts';
import { authorize } from '#server/access/brand-access.ts';
import { recordAudit } from '#server/access/audit.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { brands, instagramConnections, type InstagramConnectionRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import {
  GraphError,
  type InstagramAccount,
  type InstagramGraphClient,
} from '#server/integrations/instagram/graph-client.ts';
import { sampleAccountIdOf, sampleAccountToken } from '#server/integrations/instagram/sample-account.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createShortCache } from '#server/short-cache.ts';
import { notifyAboutBrand } from '#server/notifications/notify.ts';

/** Long-lived tokens last 60 days; refresh once at least 24 h old, within 10 days of expiry. */
const tokenLifetimeDays = 60;
const refreshWithinDays = 10;
const stateLifetimeMs = 10 * 60_000;
/** How long an opened token is kept for the sends and profile reads of one reply (getUsableToken). */
const usableTokenCacheMs = 1000;

export interface ConnectionServiceDeps {
  db: Database;
  graph: InstagramGraphClient;
  secretBox: SecretBox;
  log: Logger;
  now?: () => Date;
}

export function toConnectionView(
  brandId: string,
  row: InstagramConnectionRow | undefined,
): InstagramConnection {
  if (!row) {
    return {
      brandId,
      status: 'not_connected',
      accountId: null,
      username: null,
      tokenExpiresAt: null,
      lastWebhookAt: null,
      connectedAt: null,
      statusReason: null,
      sample: false,
    };
  }
  return {
    brandId,
    status: row.status,
    accountId: row.accountId,
    username: row.username,
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
    connectedAt: row.createdAt.toISOString(),
    statusReason: row.statusReason,
    sample: row.sample,
  };
}

/** Graph's refusal as the API's answer: refused is the caller's problem (400), anything else is Instagram's (503). */
function graphFailureToAppError(error: unknown, what: string): AppError {
  if (error instanceof GraphError) {
    if (error.kind === 'refused' || error.kind === 'expired_token') {
      return new AppError('BAD_REQUEST', `Instagram refused ${what}: ${error.message}`, [
        { path: 'accessToken', message: error.message },
      ]);
    }
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `Instagram could not check ${what} (${error.message}); try again.`,
    );
  }
  throw error;
}

/**
 * A brand's Instagram connection: connect (a pasted token or OAuth), disconnect, the token's lifecycle. The token
 * is sealed before it is stored and opened only to call Graph.
 */
export function createConnectionService({
  db,
  graph,
  secretBox,
  log,
  now = () => new Date(),
}: ConnectionServiceDeps) {
  /** The access policy (decision 030): reading the status is for every member, credentials for managers. */
  /** The audit log (decision 042): who connected which account to which brand, how, from where. */
  async function auditInstagram(
    userId: string,
    brandId: string,
    action: 'instagram.connected',
    account: InstagramAccount,
    ip: string | null,
    how: 'token' | 'instagram-login',
  ) {
    await recordAudit(db, {
      brandId,
      actorUserId: userId,
      action,
      target: `@${account.username}`,
      detail: { brandId, accountId: account.accountId, how },
      ip,
    });
  }

  /**
   * A reply reads its brand's token twice (the buyer's profile, the send): the opened token is kept for a second.
   * Changes made here forget it at once; another instance's change shows within the second (a token refused
   * meanwhile answers 190 and is marked again).
   */
  const usableTokens = createShortCache<{ token: string; accountId: string } | null>({
    ttlMs: usableTokenCacheMs,
  });
  const forgetToken = (brandId: string) => usableTokens.forget(brandId);

  async function findByBrand(brandId: string) {
    const [row] = await db
      .select()
      .from(instagramConnections)
      .where(eq(instagramConnections.brandId, brandId));
    return row;
  }

  /** Subscribes the account, then stores it sealed; nothing changes when any step fails. */
  async function saveConnection(input: {
    brandId: string;
    account: InstagramAccount;
    token: string;
    expiresAt: Date | null;
  }): Promise<InstagramConnectionRow> {
    const sealed = secretBox.seal(input.token, 'instagram-token');
    const [owner] = await db
      .select({ brandId: instagramConnections.brandId })
      .from(instagramConnections)
      .where(eq(instagramConnections.accountId, input.account.accountId));
    if (owner && owner.brandId !== input.brandId) throw accountTaken();
    try {
      await graph.subscribeToWebhooks(input.token);
    } catch (error) {
      throw graphFailureToAppError(error, 'the webhook subscription');
    }
    const at = now();
    try {
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(instagramConnections)
          .values({
            brandId: input.brandId,
            accountId: input.account.accountId,
            username: input.account.username,
            accessTokenSealed: sealed,
            tokenExpiresAt: input.expiresAt,
            status: 'connected',
            tokenRefreshedAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: instagramConnections.brandId,
            set: {
              accountId: input.account.accountId,
              username: input.account.username,
              accessTokenSealed: sealed,
              tokenExpiresAt: input.expiresAt,
              status: 'connected',
              statusReason: null,
              tokenRefreshedAt: at,
              updatedAt: at,
              // A real account replaces the brand's sample account.
              sample: false,
            },
          })
          .returning();
        await tx
          .update(brands)
          .set({ instagramConnected: true, updatedAt: at })
          .where(eq(brands.id, input.brandId));
        return row!;
      });
      forgetToken(input.brandId);
      return saved;
    } catch (error) {
      if (isUniqueViolation(error, 'instagram_connections_account_key')) throw accountTaken();
      throw error;
    }
  }

  const accountTaken = () =>
    new AppError(
      'CONFLICT',
      'This Instagram account is already connected to another brand. Disconnect it there first.',
    );

  return {
    findByBrand,

    async getConnection(userId: string, brandId: string): Promise<InstagramConnection> {
      await authorize(db, userId, 'brand.read', { brandId });
      return toConnectionView(brandId, await findByBrand(brandId));
    },

    /** A token from Meta's app dashboard, checked with GET /me. */
    async connectWithToken(
      userId: string,
      brandId: string,
      input: ConnectInstagramInput,
      ip: string | null = null,
    ): Promise<InstagramConnection> {
      await authorize(db, userId, 'instagram.manage', { brandId });
      secretBox.seal('probe', 'instagram-token'); // refuses at once (503 naming ENCRYPTION_KEY) when tokens cannot be stored safely
      let account: InstagramAccount;
      try {
        account = await graph.getMe(input.accessToken);
      } catch (error) {
        throw graphFailureToAppError(error, 'the access token');
      }
      if (account.accountId !== input.accountId) {
        throw new AppError(
          'BAD_REQUEST',
          `Invalid body: accountId: the token belongs to @${account.username} (account ${account.accountId})`,
          [
            {
              path: 'accountId',
              message: `the token belongs to @${account.username} (account ${account.accountId})`,
            },
          ],
        );
      }
      const row = await saveConnection({ brandId, account, token: input.accessToken, expiresAt: null });
      log.info({ brandId, accountId: account.accountId }, 'instagram account connected with a pasted token');
      await auditInstagram(userId, brandId, 'instagram.connected', account, ip, 'token');
      return toConnectionView(brandId, row);
    },

    async disconnect(userId: string, brandId: string, ip: string | null = null): Promise<void> {
      await authorize(db, userId, 'instagram.manage', { brandId });
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(instagramConnections)
          .where(eq(instagramConnections.brandId, brandId))
          .returning({
            accountId: instagramConnections.accountId,
            username: instagramConnections.username,
            sample: instagramConnections.sample,
          });
        for (const account of gone) {
          await recordAudit(tx, {
            brandId,
            actorUserId: userId,
            action: 'instagram.disconnected',
            target: `@${account.username}`,
            detail: { brandId, accountId: account.accountId, sample: account.sample },
            ip,
          });
        }
        await tx
          .update(brands)
          .set({ instagramConnected: false, updatedAt: now() })
          .where(eq(brands.id, brandId));
      });
      forgetToken(brandId);
    },

    /** The authorize URL, with a state sealed by the secret box (tamper-proof, bound to the user). */
    async startOAuth(userId: string, brandId: string, redirectUri: string): Promise<string> {
      await authorize(db, userId, 'instagram.manage', { brandId });
      const state = secretBox.seal(
        JSON.stringify({
          b: brandId,
          u: userId,
          e: now().getTime() + stateLifetimeMs,
          n: randomBytes(8).toString('hex'),
        }),
        'instagram-oauth-state',
      );
      try {
        return graph.buildAuthorizeUrl({ redirectUri, state });
      } catch (error) {
        if (error instanceof GraphError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
        throw error;
      }
    },

    /** The OAuth callback: exchanges the code and connects. Returns the brand it was for. */
    async completeOAuth(
      userId: string,
      input: { code: string; state: string; redirectUri: string },
      ip: string | null = null,
    ): Promise<string> {
      let state: { b: string; u: string; e: number };
      try {
        state = JSON.parse(secretBox.open(input.state, 'instagram-oauth-state')) as typeof state;
      } catch {
        throw new AppError('BAD_REQUEST', 'The Instagram login could not be verified. Please start again.');
      }
      if (state.u !== userId || typeof state.e !== 'number' || state.e < now().getTime()) {
        throw new AppError(
          'BAD_REQUEST',
          'The Instagram login expired or belongs to another session. Please start again.',
        );
      }
      await authorize(db, userId, 'instagram.manage', { brandId: state.b });
      let token: { accessToken: string; expiresAt: Date };
      let account: InstagramAccount;
      try {
        token = await graph.exchangeCode({ code: input.code, redirectUri: input.redirectUri });
        account = await graph.getMe(token.accessToken);
      } catch (error) {
        throw graphFailureToAppError(error, 'the login');
      }
      await saveConnection({
        brandId: state.b,
        account,
        token: token.accessToken,
        expiresAt: token.expiresAt,
      });
      log.info(
        { brandId: state.b, accountId: account.accountId },
        'instagram account connected with Instagram Login',
      );
      await auditInstagram(userId, state.b, 'instagram.connected', account, ip, 'instagram-login');
      return state.b;
    },

    /** Code 190 on any call. Sends stop until the owner reconnects; the brand shows as not connected. */
    async markNeedsReconnect(brandId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [was] = await tx
          .select({ status: instagramConnections.status, username: instagramConnections.username })
          .from(instagramConnections)
          .where(eq(instagramConnections.brandId, brandId))
          .for('update');
        await tx
          .update(instagramConnections)
          .set({ status: 'needs_reconnect', statusReason: reason, updatedAt: now() })
          .where(eq(instagramConnections.brandId, brandId));
        // Once per refusal, not per call that meets it: only the change from connected tells the managers
        // (decision 045).
        if (was && was.status !== 'needs_reconnect')
          await notifyAboutBrand(tx, brandId, {
            kind: 'instagram_reconnect',
            title: `Instagram refused the token of @${was.username}: reconnect the account to answer messages again.`,
            link: paths.dashboard.instagram,
            audience: 'managers',
          });
        await tx
          .update(brands)
          .set({ instagramConnected: false, updatedAt: now() })
          .where(eq(brands.id, brandId));
      });
      forgetToken(brandId);
      log.warn({ brandId }, 'instagram token refused (code 190): the account needs a reconnect');
    },

    /** The opened token of a connected brand, or null (not connected, or waiting for a reconnect). */
    async getUsableToken(brandId: string): Promise<{ token: string; accountId: string } | null> {
      return usableTokens.get(brandId, async () => {
        const row = await findByBrand(brandId);
        if (!row || row.status !== 'connected') return null;
        // The sample account has no token: its marker routes the calls to it (decision 041).
        if (row.sample) return { token: sampleAccountToken(row.accountId), accountId: row.accountId };
        return { token: secretBox.open(row.accessTokenSealed, 'instagram-token'), accountId: row.accountId };
      });
    },

    /** The scheduled refresh. Returns how many tokens were refreshed and how many need a reconnect. */
    async refreshDueTokens(): Promise<{ refreshed: number; needsReconnect: number; failed: number }> {
      const at = now();
      const rows = await db
        .select()
        .from(instagramConnections)
        .where(
          and(
            eq(instagramConnections.status, 'connected'),
            eq(instagramConnections.sample, false),
            sql`${instagramConnections.tokenRefreshedAt} <= ${new Date(at.getTime() - DAY_MS).toISOString()}::timestamptz`,
            sql`coalesce(${instagramConnections.tokenExpiresAt}, ${instagramConnections.tokenRefreshedAt} + ${`${tokenLifetimeDays} days`}::interval)
                <= ${new Date(at.getTime() + refreshWithinDays * DAY_MS).toISOString()}::timestamptz`,
          ),
        );
      const result = { refreshed: 0, needsReconnect: 0, failed: 0 };
      for (const row of rows) {
        if (row.tokenExpiresAt && row.tokenExpiresAt <= at) {
          // An expired long-lived token cannot be refreshed.
          await this.markNeedsReconnect(row.brandId, 'The Instagram token expired. Please reconnect.');
          result.needsReconnect += 1;
          continue;
        }
        try {
          const fresh = await graph.refreshToken(secretBox.open(row.accessTokenSealed, 'instagram-token'));
          await db
            .update(instagramConnections)
            .set({
              accessTokenSealed: secretBox.seal(fresh.accessToken, 'instagram-token'),
              tokenExpiresAt: fresh.expiresAt,
              tokenRefreshedAt: now(),
              updatedAt: now(),
            })
            .where(
              and(
                eq(instagramConnections.id, row.id),
                eq(instagramConnections.accessTokenSealed, row.accessTokenSealed),
              ),
            );
          forgetToken(row.brandId);
          result.refreshed += 1;
        } catch (error) {
          if (error instanceof GraphError && error.kind === 'expired_token') {
            await this.markNeedsReconnect(row.brandId, error.message);
            result.needsReconnect += 1;
          } else {
            log.warn(
              { brandId: row.brandId, kind: (error as GraphError).kind },
              'instagram token refresh failed; retried later',
            );
            result.failed += 1;
          }
        }
      }
      return result;
    },
  };
}

/**
 * Connects the sample Instagram account (decision 041) to a brand that has no account, and shows the brand as
 * connected; a brand with an account (sample or real) keeps it. Needs no token, so no secret box. True when it
 * connected one now.
 */
export async function connectSampleAccount(
  db: Database,
  brand: { id: string; username: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(instagramConnections)
      .values({
        brandId: brand.id,
        accountId: sampleAccountIdOf(brand.id),
        username: brand.username,
        accessTokenSealed: '',
        sample: true,
      })
      .onConflictDoNothing()
      .returning({ id: instagramConnections.id });
    if (inserted.length === 0) return false;
    await tx
      .update(brands)
      .set({ instagramConnected: true, updatedAt: new Date() })
      .where(eq(brands.id, brand.id));
    return true;
  });
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
