import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalWorkspaceOf } from '#tests/support/test-app.ts';
import {
  createConnectedBrand,
  createInstagramHarness,
  type InstagramHarness,
} from '#tests/support/instagram.ts';

/**
 * The audit log (decision 042) records the existing sensitive actions of other modules, through their real
 * routes: Instagram connected and disconnected, a store connected and disconnected, a brand deleted. Each entry
 * names who, what, on what, and the client address.
 */
let harness: InstagramHarness;
afterAll(() => harness?.close());
beforeAll(async () => {
  harness = await createInstagramHarness();
}, 60_000);

describe('sensitive actions of other modules in the audit log', () => {
  it('Instagram and store connections and brand deletion, with the actor and the address', async () => {
    const { app } = harness;
    const { userId, cookie, brandId, account } = await createConnectedBrand(harness);
    const workspaceId = await personalWorkspaceOf(app.database.db, userId);
    const call = (method: 'PUT' | 'DELETE', url: string, body?: unknown) =>
      app.app.inject({
        method,
        url,
        remoteAddress: '198.51.100.23',
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    expect((await call('DELETE', `/api/brands/${brandId}/instagram`)).statusCode).toBe(204);
    expect((await call('PUT', `/api/brands/${brandId}/store`, { platform: 'sample' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/brands/${brandId}/store`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/brands/${brandId}`)).statusCode).toBe(204);

    const response = await app.app.inject({
      method: 'GET',
      url: `/api/workspaces/${workspaceId}/audit-log`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const entries = response.json() as {
      action: string;
      target: string | null;
      actorEmail: string | null;
      ipAddress: string | null;
      detail: Record<string, unknown>;
    }[];
    expect(entries.map((entry) => entry.action)).toEqual([
      'brand.deleted',
      'store.disconnected',
      'store.connected',
      'instagram.disconnected',
      'instagram.connected',
    ]);
    const [deleted, storeOff, storeOn, instagramOff, instagramOn] = entries;
    expect(deleted).toMatchObject({ target: expect.stringMatching(/^Brand \d+$/), detail: { brandId } });
    expect(storeOff).toMatchObject({ detail: { brandId, platform: 'sample' } });
    expect(storeOn!.target).toBe(storeOff!.target);
    expect(instagramOff).toMatchObject({
      target: `@${account.username}`,
      detail: { accountId: account.accountId },
    });
    expect(instagramOn).toMatchObject({ detail: { how: 'token', accountId: account.accountId } });
    for (const entry of entries) {
      expect(entry.actorEmail).toMatch(/@example\.com$/);
    }
    // The connect through createConnectedBrand came from the default inject address; the rest from ours.
    expect(entries.slice(0, 4).map((entry) => entry.ipAddress)).toEqual(Array(4).fill('198.51.100.23'));
  });

  it('a refused action records nothing', async () => {
    const { app } = harness;
    const owner = await createConnectedBrand(harness);
    const stranger = await createConnectedBrand(harness);
    const refused = await app.app.inject({
      method: 'DELETE',
      url: `/api/brands/${owner.brandId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
    const workspaceId = await personalWorkspaceOf(app.database.db, owner.userId);
    const entries = (
      await app.app.inject({
        method: 'GET',
        url: `/api/workspaces/${workspaceId}/audit-log`,
        headers: { cookie: owner.cookie },
      })
    ).json() as { action: string }[];
    expect(entries.map((entry) => entry.action)).toEqual(['instagram.connected']);
  });
});
