import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeInstagramGraph,
  type FakeAccount,
  type FakeInstagramGraph,
} from '#tests/fakes/instagram-graph.ts';
import {
  classifyGraphFailure,
  createInstagramGraphClient,
  GraphError,
  type InstagramGraphClient,
} from './graph-client.ts';

let fake: FakeInstagramGraph;
let client: InstagramGraphClient;
let account: FakeAccount;

beforeAll(async () => {
  fake = await startFakeInstagramGraph();
  client = createInstagramGraphClient({
    apiUrl: fake.url,
    apiVersion: 'v25.0',
    appId: 'app-1',
    appSecret: 'app-secret',
    authorizeUrl: fake.authorizeUrl,
    tokenUrl: fake.tokenUrl,
    timeoutMs: 300,
  });
  account = fake.addAccount({ accountId: '17841400000000001', username: 'luna.skin' });
});
afterAll(async () => {
  await fake.close();
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as GraphError;
  }
  throw new Error('expected a failure');
};

describe('Instagram Graph client', () => {
  it('reads /me on the pinned version with a Bearer token', async () => {
    expect(await client.getMe(account.token)).toEqual({
      accountId: account.accountId,
      username: 'luna.skin',
    });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ version: 'v25.0', path: '/me', query: { fields: 'user_id,username' } });
    expect(call.token).toBe(account.token);
  });

  it('sends a DM, a private reply (recipient.comment_id) and a public reply', async () => {
    const dm = await client.sendMessage(account.token, { recipient: { id: 'igsid-1' }, text: 'hello' });
    expect(dm.messageId).toMatch(/^mid\./);
    await client.sendMessage(account.token, {
      recipient: { commentId: 'c-1' },
      text: 'see DM',
      humanAgentTag: true,
    });
    expect(fake.calls.at(-1)!.body).toEqual({
      recipient: { comment_id: 'c-1' },
      message: { text: 'see DM' },
      tag: 'HUMAN_AGENT',
    });
    const reply = await client.replyToComment(account.token, 'c-1', 'Thanks!');
    expect(reply.commentId).toMatch(/^reply-/);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/c-1/replies', query: { message: 'Thanks!' } });
  });

  it('exchanges an OAuth code for a long-lived token, refreshes it and subscribes to webhooks', async () => {
    fake.nextAuthorizationFor(account.accountId);
    const authorize = client.buildAuthorizeUrl({ redirectUri: 'http://127.0.0.1/cb', state: 's1' });
    expect(new URL(authorize).searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_manage_messages,instagram_business_manage_comments',
    );
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    const long = await client.exchangeCode({ code: `${code}#_`, redirectUri: 'http://127.0.0.1/cb' });
    expect(long.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect((await client.getMe(long.accessToken)).accountId).toBe(account.accountId);
    const refreshed = await client.refreshToken(long.accessToken);
    expect(refreshed.accessToken).not.toBe(long.accessToken);
    await client.subscribeToWebhooks(refreshed.accessToken);
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/me/subscribed_apps',
      query: { subscribed_fields: 'messages,comments' },
    });
  });

  it('types every failure class without the token in the message', async () => {
    const cases = [
      ['http429', 'rate_limited'],
      ['code4', 'rate_limited'],
      ['http500', 'server_error'],
      ['code190', 'expired_token'],
      ['content', 'refused'],
      ['hang', 'timeout'],
    ] as const;
    for (const [kind, expected] of cases) {
      fake.failNext(kind);
      const error = await failure(client.sendMessage(account.token, { recipient: { id: 'x' }, text: 'hi' }));
      expect(error, kind).toBeInstanceOf(GraphError);
      expect(error.kind, kind).toBe(expected);
      expect(error.message, kind).not.toContain(account.token);
    }
    fake.failNext('content');
    const refused = await failure(client.sendMessage(account.token, { recipient: { id: 'x' }, text: 'hi' }));
    expect(refused.message).toBe('The message text is invalid');
    expect(refused.isRetryable).toBe(false);
  });

  it('classifies rate-limit codes 17 and 32 and a bare 503', () => {
    expect(classifyGraphFailure(400, { error: { code: 17, message: 'x' } }).kind).toBe('rate_limited');
    expect(classifyGraphFailure(400, { error: { code: 32, message: 'x' } }).kind).toBe('rate_limited');
    expect(classifyGraphFailure(503, '<html>').kind).toBe('server_error');
    expect(classifyGraphFailure(403, undefined).kind).toBe('refused');
  });

  it('answers a refused profile lookup (no consent) as refused, and a known one with its username', async () => {
    fake.setProfile('igsid-9', 'buyer_9');
    expect(await client.getUserProfile(account.token, 'igsid-9')).toEqual({
      username: 'buyer_9',
      name: null,
    });
    expect((await failure(client.getUserProfile(account.token, 'igsid-unknown'))).kind).toBe('refused');
  });
});
