import { beforeAll, describe, expect, it } from 'vitest';
import {
  commentPayload,
  customerDm,
  drainInbox,
  postWebhook,
  useConnectedBrand,
} from '#tests/support/instagram.ts';

/**
 * The dashboard's replies and comment replies on the real outbound path against the fake Graph server: the dashboard's replies
 * are sent by Instagram's API, stored with sender `agent`, and refused with a 409 naming the reason.
 */
const setup = useConnectedBrand();
let conversationId: string;

type Json = Record<string, unknown>;
const inject = (method: 'GET' | 'POST', url: string, payload?: Json, headers: Record<string, string> = {}) =>
  setup.harness.app.app.inject({
    method,
    url,
    headers: { cookie: setup.brand.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  const account = setup.brand.account.accountId;
  setup.harness.fake.setProfile('cust-dash-1', 'dash.buyer');
  await postWebhook(
    setup.harness.app,
    customerDm(account, 'cust-dash-1', { text: 'Do you ship to Berlin?' }),
  );
  await drainInbox(setup.harness.app);
  const list = (await inject('GET', `/api/brands/${setup.brand.brandId}/conversations`)).json() as Json[];
  conversationId = list[0]!.id as string;
});

describe('dashboard replies through Instagram', () => {
  it('the composer may send now (inside the 24-hour window)', async () => {
    const response = await inject('GET', `/api/conversations/${conversationId}/send-window`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ allowed: true, humanAgentTag: false });
  });

  it('sends a person reply to the customer through Graph, once per idempotency key', async () => {
    const headers = { 'idempotency-key': 'dash-reply-000001' };
    const first = await inject(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content: 'Yes, we do!' },
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'sent',
      duplicate: false,
      messageIds: [expect.any(String)],
    });
    const again = await inject(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { content: 'Yes, we do!' },
      headers,
    );
    expect(again.json()).toMatchObject({ duplicate: true });

    const sent = setup.harness.fake.sentMessages().filter((message) => message.text === 'Yes, we do!');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.recipient).toEqual({ id: 'cust-dash-1' });
    const messages = (await inject('GET', `/api/conversations/${conversationId}/messages`)).json() as Json[];
    expect(messages.at(-1)).toMatchObject({ sender: 'agent', content: 'Yes, we do!' });
    const [conversation] = (
      await inject('GET', `/api/brands/${setup.brand.brandId}/conversations`)
    ).json() as Json[];
    expect(conversation).toMatchObject({ handledBy: 'person' });
  });

  it('hands the conversation back to the assistant', async () => {
    const response = await setup.harness.app.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie: setup.brand.cookie },
      payload: { status: 'active' },
    });
    expect(response.json()).toEqual({ id: conversationId, status: 'active', handledBy: 'assistant' });
  });

  it('answers 409 naming why when the window is closed, and sends nothing', async () => {
    await setup.harness.app.database.executeSql(
      `update conversations set last_customer_message_at = now() - interval '8 days' where id = $1`,
      [conversationId],
    );
    const before = setup.harness.fake.sentMessages().length;
    const window = (await inject('GET', `/api/conversations/${conversationId}/send-window`)).json() as Json;
    expect(window.allowed).toBe(false);
    expect(typeof window.reason).toBe('string');
    const refused = await inject('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'Still there?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: window.reason });
    expect(setup.harness.fake.sentMessages().length).toBe(before);
  });

  it('replies to comments publicly and privately; the comment becomes Replied', async () => {
    const account = setup.brand.account.accountId;
    for (const id of ['c-dash-public', 'c-dash-private']) {
      await postWebhook(
        setup.harness.app,
        commentPayload(account, {
          id,
          text: 'How much? 🔥',
          from: { id: `from-${id}`, username: 'fan' },
          media: { id: 'm-1' },
        }),
      );
    }
    await drainInbox(setup.harness.app);
    const comments = (await inject('GET', `/api/brands/${setup.brand.brandId}/comments`)).json() as Json[];
    const byInstagramText = (replied: boolean) => comments.filter((comment) => comment.replied === replied);
    expect(byInstagramText(false)).toHaveLength(2);
    const [publicComment, privateComment] = comments;

    const publicReply = await inject('POST', `/api/comments/${publicComment!.id}/reply`, {
      content: 'It is $49!',
      visibility: 'public',
    });
    expect(publicReply.statusCode).toBe(201);
    expect(publicReply.json()).toMatchObject({ status: 'sent' });
    const privateReply = await inject('POST', `/api/comments/${privateComment!.id}/reply`, {
      content: 'Sent you the link!',
      visibility: 'private',
    });
    expect(privateReply.statusCode).toBe(201);
    expect(setup.harness.fake.sentMessages().some((message) => message.text === 'Sent you the link!')).toBe(
      true,
    );
    expect(setup.harness.fake.calls.some((call) => call.path.includes('/replies'))).toBe(true);

    const after = (await inject('GET', `/api/brands/${setup.brand.brandId}/comments`)).json() as Json[];
    expect(after.map((comment) => [comment.replied, comment.replyContent]).sort()).toEqual([
      [true, 'It is $49!'],
      [true, 'Sent you the link!'],
    ]);
  });
});
