import { createServer, type AddressInfo } from 'node:net';
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
      // The connection dropped after the request went out: as unknown as a timeout, never retried blindly.
      ['answerLost', 'timeout'],
      ['lostRequest', 'timeout'],
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

  it('a connection refused before the request left is a server error (retryable), not an unknown outcome', async () => {
    // A port nothing listens on (fetch refuses well-known ports such as 9 before connecting).
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const closed = createInstagramGraphClient({
      apiUrl: `http://127.0.0.1:${port}`,
      apiVersion: 'v25.0',
      authorizeUrl: fake.authorizeUrl,
      tokenUrl: fake.tokenUrl,
      timeoutMs: 300,
    });
    const error = await failure(closed.sendMessage(account.token, { recipient: { id: 'x' }, text: 'hi' }));
    expect(error.kind).toBe('server_error');
    expect(error.isRetryable).toBe(true);
  });

  it('reads a customer’s conversation, its message list and a message’s details (Conversations API)', async () => {
    const other = fake.addAccount({ accountId: '17841400000000002', username: 'other.brand' });
    expect(await client.findConversation(account.token, 'igsid-conv')).toBeNull();
    const first = await client.sendMessage(account.token, { recipient: { id: 'igsid-conv' }, text: 'one' });
    const second = await client.sendMessage(account.token, { recipient: { id: 'igsid-conv' }, text: 'two' });
    await client.sendMessage(other.token, { recipient: { id: 'igsid-conv' }, text: 'not yours' });

    const conversation = await client.findConversation(account.token, 'igsid-conv');
    expect(conversation).not.toBeNull();
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/me/conversations',
      query: { platform: 'instagram', user_id: 'igsid-conv' },
      token: account.token,
    });
    const listed = await client.listConversationMessages(account.token, conversation!.conversationId);
    expect(listed.map((message) => message.messageId)).toEqual([second.messageId, first.messageId]);
    expect(fake.calls.at(-1)).toMatchObject({ query: { fields: 'messages' } });
    // Graph's `+0000` times become Dates (whole seconds).
    expect(Math.abs(listed[0]!.createdAt.getTime() - Date.now())).toBeLessThan(5000);

    expect(await client.getMessage(account.token, first.messageId)).toEqual({
      messageId: first.messageId,
      createdAt: expect.any(Date),
      fromId: account.accountId,
      toIds: ['igsid-conv'],
      text: 'one',
    });
    expect(fake.calls.at(-1)).toMatchObject({ query: { fields: 'id,created_time,from,to,message' } });
    // Another account sees neither this thread nor its messages.
    const error = await failure(client.getMessage(other.token, first.messageId));
    expect(error.kind).toBe('refused');
  });

  it('a private reply lands in the DM thread with the commenter (Conversations API)', async () => {
    fake.addComment({ accountId: account.accountId, commentId: 'c-thread', fromId: 'igsid-commenter' });
    const sent = await client.sendMessage(account.token, {
      recipient: { commentId: 'c-thread' },
      text: 'Here is the link',
    });
    const conversation = await client.findConversation(account.token, 'igsid-commenter');
    const listed = await client.listConversationMessages(account.token, conversation!.conversationId);
    expect(listed.map((message) => message.messageId)).toEqual([sent.messageId]);
    expect(await client.getMessage(account.token, sent.messageId)).toMatchObject({
      fromId: account.accountId,
      toIds: ['igsid-commenter'],
      text: 'Here is the link',
    });
  });

  it('lists a comment’s replies page by page (IG Comment Replies), ours with our account as author', async () => {
    fake.addComment({ accountId: account.accountId, commentId: 'c-top', fromId: 'igsid-a', username: 'ann' });
    fake.addComment({
      accountId: account.accountId,
      commentId: 'c-other',
      fromId: 'igsid-b',
      username: 'bob',
      text: 'me too',
      parentId: 'c-top',
    });
    const ours = await client.replyToComment(account.token, 'c-top', 'Thanks! 🔥');
    // A reply to a reply attaches to the top-level comment.
    const second = await client.replyToComment(account.token, 'c-other', 'See you');

    const first = await client.listCommentReplies(account.token, 'c-top', { limit: 2 });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/c-top/replies',
      query: { fields: 'id,text,timestamp,username,from', limit: '2' },
    });
    expect(first.replies).toEqual([
      {
        commentId: 'c-other',
        text: 'me too',
        fromId: 'igsid-b',
        username: 'bob',
        createdAt: expect.any(Date),
      },
      {
        commentId: ours.commentId,
        text: 'Thanks! 🔥',
        fromId: account.accountId,
        username: 'luna.skin',
        createdAt: expect.any(Date),
      },
    ]);
    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const rest = await client.listCommentReplies(account.token, 'c-top', {
      limit: 2,
      after: first.nextCursor!,
    });
    expect(rest).toMatchObject({
      replies: [{ commentId: second.commentId, text: 'See you' }],
      hasMore: false,
      nextCursor: null,
    });
  });

  it('a public reply whose answer was lost was posted all the same; a lost request was not', async () => {
    fake.addComment({ accountId: account.accountId, commentId: 'c-lost', fromId: 'igsid-c' });
    fake.failNext('answerLost', { path: /\/replies$/ });
    expect((await failure(client.replyToComment(account.token, 'c-lost', 'Posted'))).kind).toBe('timeout');
    fake.failNext('lostRequest', { path: /\/replies$/ });
    expect((await failure(client.replyToComment(account.token, 'c-lost', 'Not posted'))).kind).toBe(
      'timeout',
    );
    const { replies } = await client.listCommentReplies(account.token, 'c-lost');
    expect(replies.map((reply) => reply.text)).toEqual(['Posted']);
    expect(fake.publicReplies().filter((reply) => reply.commentId === 'c-lost')).toHaveLength(1);
  });

  it('only the 20 most recent messages of a thread can be read', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 21; index += 1) {
      ids.push(
        (await client.sendMessage(account.token, { recipient: { id: 'igsid-busy' }, text: `m${index}` }))
          .messageId,
      );
    }
    expect((await failure(client.getMessage(account.token, ids[0]!))).kind).toBe('refused');
    expect((await client.getMessage(account.token, ids[1]!)).text).toBe('m1');
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
