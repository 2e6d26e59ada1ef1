import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import {
  commentPayload,
  createConnectedBrand,
  customerDm,
  drainInbox,
  echoMessage,
  messagingPayload,
  postWebhook,
  useConnectedBrand,
} from '#tests/support/instagram.ts';
import { createChannelOutbound, type ChannelOutbound } from './outbound.ts';
import { createSendBudget } from './send-budget.ts';

const setup = useConnectedBrand({ timeoutMs: 300 });
let outbound: ChannelOutbound;
let customerCounter = 0;

beforeAll(() => {
  outbound = setup.harness.app.channel.outbound;
});

const db = () => setup.harness.app.database;
let keyCounter = 0;
const key = () => `test-key-${++keyCounter}`;

/** A conversation whose customer wrote `ageMs` ago. */
async function newConversation(
  ageMs = 60_000,
  target = setup.brand,
): Promise<{ conversationId: string; igsid: string }> {
  customerCounter += 1;
  const igsid = `out-cust-${customerCounter}`;
  const account = target.account.accountId;
  await postWebhook(setup.harness.app, customerDm(account, igsid, { text: 'hi there' }, Date.now() - ageMs));
  await drainInbox(setup.harness.app);
  const { rows } = await db().executeSql(
    'select id from conversations where brand_id = $1 and customer_instagram_id = $2',
    [target.brandId, igsid],
  );
  return { conversationId: rows[0]!.id as string, igsid };
}

async function conflictOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(409);
    return (error as AppError).message;
  }
  throw new Error('expected a 409');
}

/** A DM in the conversation from the assistant with a fresh idempotency key; `fields` change any of that. */
const sendMessage = (
  conversationId: string,
  text: string,
  fields: Partial<Parameters<ChannelOutbound['sendDirectMessage']>[0]> = {},
) =>
  outbound.sendDirectMessage({ conversationId, text, origin: 'assistant', idempotencyKey: key(), ...fields });

/** A private reply to the comment from the assistant with a fresh idempotency key; `fields` change any of that. */
const sendPrivateReply = (
  commentId: string,
  text: string,
  fields: Partial<Parameters<ChannelOutbound['sendCommentReply']>[0]> = {},
) =>
  outbound.sendCommentReply({
    commentId,
    text,
    visibility: 'private',
    origin: 'assistant',
    idempotencyKey: key(),
    ...fields,
  });

const sendsTo = (igsid: string) => setup.harness.fake.sentMessages().filter((m) => m.recipient.id === igsid);

describe('sendDirectMessage', () => {
  it('records the message before the call, sends it, keeps Graph’s id; the same key never sends twice', async () => {
    const { conversationId, igsid } = await newConversation();
    const idempotencyKey = key();
    const result = await sendMessage(conversationId, 'Yes, M is in stock.', {
      idempotencyKey,
      inventoryChecked: true,
    });
    expect(result).toMatchObject({ status: 'sent', duplicate: false });
    expect(result.messageIds).toHaveLength(1);
    const [sent] = sendsTo(igsid);
    const { rows } = await db().executeSql('select * from messages where id = $1', [result.messageIds[0]]);
    expect(rows[0]).toMatchObject({
      sender: 'ai',
      content: 'Yes, M is in stock.',
      inventory_checked: true,
      instagram_message_id: sent!.messageId,
      delivery_state: 'sent',
    });

    const again = await sendMessage(conversationId, 'Yes, M is in stock.', { idempotencyKey });
    expect(again).toEqual({ status: 'sent', messageIds: result.messageIds, duplicate: true });
    expect(sendsTo(igsid)).toHaveLength(1);

    // Concurrent calls with one key: one send.
    const racedKey = key();
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => sendMessage(conversationId, 'Raced', { idempotencyKey: racedKey })),
    );
    expect(raced.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(sendsTo(igsid).filter((m) => m.text === 'Raced')).toHaveLength(1);
  });

  it('splits text over 1,000 bytes into ordered messages, each sent', async () => {
    const { conversationId, igsid } = await newConversation();
    const text = Array.from({ length: 30 }, (_, i) => `Sentence ${i} tells you about the linen shirt 👕.`)
      .join(' ')
      .repeat(2);
    const result = await sendMessage(conversationId, text);
    expect(result.status).toBe('sent');
    const sent = sendsTo(igsid);
    expect(sent.length).toBe(result.messageIds.length);
    expect(sent.length).toBeGreaterThan(1);
    for (const message of sent) expect(Buffer.byteLength(message.text)).toBeLessThanOrEqual(1000);
    expect(sent.map((m) => m.text).join(' ')).toBe(text);
  });

  it('a person’s send is stored as agent and takes the conversation from the assistant', async () => {
    const { conversationId } = await newConversation();
    const result = await sendMessage(conversationId, 'Sarah here, happy to help', { origin: 'person' });
    expect(result.status).toBe('sent');
    const { rows } = await db().executeSql('select sender from messages where id = $1', [
      result.messageIds[0],
    ]);
    expect(rows[0]!.sender).toBe('agent');
    expect(await conflictOf(sendMessage(conversationId, 'bot'))).toMatch(/person is handling/);
  });
});

describe('send guard', () => {
  it('assistant: only within 24 h of the customer’s last message', async () => {
    const { conversationId } = await newConversation(25 * 3_600_000);
    const reason = await conflictOf(sendMessage(conversationId, 'late'));
    expect(reason).toMatch(/more than 24 hours/);
    expect(await outbound.checkDirectMessageWindow({ conversationId, origin: 'assistant' })).toMatchObject({
      allowed: false,
      code: 'window_closed',
    });
    // Nothing stored for a refused send.
    const { rows } = await db().executeSql(
      `select count(*)::int as n from messages where conversation_id = $1 and sender <> 'customer'`,
      [conversationId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('person: 24 h to 7 days only with the HUMAN_AGENT tag when enabled; never after 7 days', async () => {
    const { conversationId, igsid } = await newConversation(30 * 3_600_000);
    expect(await conflictOf(sendMessage(conversationId, 'late', { origin: 'person' }))).toMatch(
      /Human Agent tag/,
    );
    const tagged = createChannelOutbound({
      db: db().db,
      graph: setup.harness.app.channel.graph,
      connections: setup.harness.app.channel.connections,
      budget: createSendBudget(),
      log: setup.harness.app.log,
      humanAgentTagEnabled: true,
    });
    const window = await tagged.checkDirectMessageWindow({ conversationId, origin: 'person' });
    expect(window).toMatchObject({ allowed: true, humanAgentTag: true });
    expect(await tagged.checkDirectMessageWindow({ conversationId, origin: 'assistant' })).toMatchObject({
      allowed: false,
    });
    const result = await tagged.sendDirectMessage({
      conversationId,
      text: 'Following up',
      origin: 'person',
      idempotencyKey: key(),
    });
    expect(result.status).toBe('sent');
    expect(sendsTo(igsid).at(-1)).toMatchObject({ tag: 'HUMAN_AGENT' });

    const old = await newConversation(8 * 24 * 3_600_000);
    expect(
      await conflictOf(
        tagged.sendDirectMessage({
          conversationId: old.conversationId,
          text: 'x',
          origin: 'person',
          idempotencyKey: key(),
        }),
      ),
    ).toMatch(/7 days/);
  });

  it('an escalated conversation or a paused brand refuses automated sends', async () => {
    const { conversationId } = await newConversation();
    await db().executeSql(`update conversations set status = 'escalated' where id = $1`, [conversationId]);
    expect(await conflictOf(sendMessage(conversationId, 'x'))).toMatch(/escalated/);
    expect((await sendMessage(conversationId, 'a person may', { origin: 'person' })).status).toBe('sent');

    const other = await newConversation();
    await db().executeSql('update brands set active = false where id = $1', [setup.brand.brandId]);
    try {
      expect(await conflictOf(sendMessage(other.conversationId, 'x', { origin: 'person' }))).toMatch(
        /paused/,
      );
    } finally {
      await db().executeSql('update brands set active = true where id = $1', [setup.brand.brandId]);
    }
  });
});

describe('failures', () => {
  it('429 and 5xx are retried; a content error fails at once with Graph’s message', async () => {
    const { conversationId, igsid } = await newConversation();
    setup.harness.fake.failNext('http429', { path: /^\/me\/messages$/ });
    setup.harness.fake.failNext('http500', { path: /^\/me\/messages$/ });
    const retried = await sendMessage(conversationId, 'after retries');
    expect(retried.status).toBe('sent');

    setup.harness.fake.failNext('http500', { path: /^\/me\/messages$/, count: 3 });
    const exhausted = await sendMessage(conversationId, 'never');
    expect(exhausted).toMatchObject({ status: 'failed', error: 'An unknown error occurred' });

    const before = setup.harness.fake.calls.length;
    setup.harness.fake.failNext('content', { path: /^\/me\/messages$/ });
    const refused = await sendMessage(conversationId, 'bad');
    expect(refused).toMatchObject({ status: 'failed', error: 'The message text is invalid' });
    expect(setup.harness.fake.calls.slice(before).filter((c) => c.path === '/me/messages')).toHaveLength(1);
    const { rows } = await db().executeSql('select delivery_state from messages where id = $1', [
      refused.messageIds[0],
    ]);
    expect(rows[0]!.delivery_state).toBe('failed');
    expect(sendsTo(igsid).map((m) => m.text)).toEqual(['after retries']);
  });

  it('a timeout is not resent: unknown until the echo resolves it as ours', async () => {
    const { conversationId, igsid } = await newConversation();
    setup.harness.fake.failNext('hang', { path: /^\/me\/messages$/ });
    const idempotencyKey = key();
    const result = await sendMessage(conversationId, 'Did this arrive?', { idempotencyKey });
    expect(result.status).toBe('unknown');
    // Retrying the same key does not send again.
    expect(await sendMessage(conversationId, 'Did this arrive?', { idempotencyKey })).toMatchObject({
      status: 'unknown',
      duplicate: true,
    });
    const delivered = sendsTo(igsid);
    expect(delivered).toHaveLength(1);

    // Instagram's echo of what actually went out.
    const account = setup.brand.account.accountId;
    await postWebhook(
      setup.harness.app,
      messagingPayload(account, [
        echoMessage(account, igsid, { mid: delivered[0]!.messageId, text: 'Did this arrive?' }),
      ]),
    );
    await drainInbox(setup.harness.app);
    const { rows } = await db().executeSql(
      'select * from messages where conversation_id = $1 order by created_at',
      [conversationId],
    );
    expect(rows.map((r) => [r.sender, r.delivery_state])).toEqual([
      ['customer', null],
      ['ai', 'delivered'],
    ]);
    const { rows: conversation } = await db().executeSql(
      'select handled_by from conversations where id = $1',
      [conversationId],
    );
    expect(conversation[0]!.handled_by).toBe('assistant');
    expect(await sendMessage(conversationId, 'Did this arrive?', { idempotencyKey })).toMatchObject({
      status: 'sent',
      duplicate: true,
    });
  });

  it('a process killed after recording and before the call: the retried job sends nothing, the outcome is unknown', async () => {
    const { conversationId, igsid } = await newConversation();
    const idempotencyKey = key();
    // What a crash leaves behind: the send recorded as queued, no call made.
    await db().executeSql(
      `insert into instagram_sends (brand_id, kind, origin, idempotency_key, conversation_id, recipient, text)
       values ($1, 'direct_message', 'assistant', $2, $3, $4, 'Interrupted')`,
      [setup.brand.brandId, idempotencyKey, conversationId, igsid],
    );
    const retried = await sendMessage(conversationId, 'Interrupted', { idempotencyKey });
    expect(retried).toMatchObject({ status: 'unknown', duplicate: true });
    expect(sendsTo(igsid)).toHaveLength(0);
  });

  it('the echo of a normal send marks it delivered, not a person’s reply', async () => {
    const { conversationId, igsid } = await newConversation();
    const result = await sendMessage(conversationId, 'Echo me');
    const [sent] = sendsTo(igsid);
    const account = setup.brand.account.accountId;
    await postWebhook(
      setup.harness.app,
      messagingPayload(account, [echoMessage(account, igsid, { mid: sent!.messageId, text: 'Echo me' })]),
    );
    await drainInbox(setup.harness.app);
    const { rows } = await db().executeSql(
      'select sender, delivery_state from messages where conversation_id = $1 order by created_at',
      [conversationId],
    );
    expect(rows).toEqual([
      { sender: 'customer', delivery_state: null },
      { sender: 'ai', delivery_state: 'delivered' },
    ]);
    expect(result.messageIds).toHaveLength(1);
  });

  it('code 190 marks the account needs_reconnect and stops every send for the brand', async () => {
    const local = await createConnectedBrand(setup.harness);
    const { conversationId } = await newConversation(60_000, local);
    setup.harness.fake.failNext('code190', { path: /^\/me\/messages$/ });
    const result = await sendMessage(conversationId, 'x');
    expect(result.status).toBe('failed');
    const { rows } = await db().executeSql(
      'select c.status, b.instagram_connected from instagram_connections c join brands b on b.id = c.brand_id where c.brand_id = $1',
      [local.brandId],
    );
    expect(rows[0]).toEqual({ status: 'needs_reconnect', instagram_connected: false });
    expect(await conflictOf(sendMessage(conversationId, 'y', { origin: 'person' }))).toMatch(/reconnect/);
    const status = await setup.harness.app.app.inject({
      method: 'GET',
      url: `/api/brands/${local.brandId}/instagram`,
      headers: { cookie: local.cookie },
    });
    expect(status.json()).toMatchObject({
      status: 'needs_reconnect',
      statusReason: expect.stringContaining('expired'),
    });
  });
});

describe('sendCommentReply', () => {
  async function newComment(fields: Record<string, unknown> = {}, time?: number) {
    customerCounter += 1;
    const id = `comment-${customerCounter}-${Date.now()}`;
    await postWebhook(
      setup.harness.app,
      commentPayload(
        setup.brand.account.accountId,
        {
          id,
          text: 'Link?',
          from: { id: `commenter-${customerCounter}`, username: 'fan' },
          media: { id: 'm1' },
          ...fields,
        },
        time,
      ),
    );
    await drainInbox(setup.harness.app);
    const { rows } = await db().executeSql('select id from comments where instagram_comment_id = $1', [id]);
    return { commentId: rows[0]!.id as string, instagramId: id, igsid: `commenter-${customerCounter}` };
  }

  it('a private reply goes to recipient.comment_id once per comment; the comment is marked replied', async () => {
    const { commentId, instagramId } = await newComment();
    const idempotencyKey = key();
    const result = await sendPrivateReply(commentId, 'Sent you the link!', { idempotencyKey });
    expect(result).toEqual({ status: 'sent', messageIds: [], duplicate: false });
    expect(setup.harness.fake.sentMessages().at(-1)).toMatchObject({
      recipient: { comment_id: instagramId },
      text: 'Sent you the link!',
    });
    const { rows } = await db().executeSql('select replied, reply_content from comments where id = $1', [
      commentId,
    ]);
    expect(rows[0]).toEqual({ replied: true, reply_content: 'Sent you the link!' });
    expect((await sendPrivateReply(commentId, 'again', { idempotencyKey })).duplicate).toBe(true);
    expect(await conflictOf(sendPrivateReply(commentId, 'second'))).toMatch(/one per comment/);
  });

  it('a private reply whose answer timed out is settled by its echo in the commenter’s thread; the comment is marked replied', async () => {
    const { commentId, igsid } = await newComment();
    setup.harness.fake.failNext('hang', { path: /^\/me\/messages$/ });
    const idempotencyKey = key();
    const result = await sendPrivateReply(commentId, 'Check your DMs 🔥', { idempotencyKey });
    expect(result.status).toBe('unknown');
    const account = setup.brand.account.accountId;
    await postWebhook(
      setup.harness.app,
      messagingPayload(account, [
        echoMessage(account, igsid, {
          mid: setup.harness.fake.sentMessages().at(-1)!.messageId,
          text: 'Check your DMs 🔥',
        }),
      ]),
    );
    await drainInbox(setup.harness.app);
    const { rows } = await db().executeSql(
      `select s.status, c.replied, c.reply_content from instagram_sends s join comments c on c.id = s.comment_id
        where s.idempotency_key = $1`,
      [idempotencyKey],
    );
    expect(rows).toEqual([{ status: 'sent', replied: true, reply_content: 'Check your DMs 🔥' }]);
  });

  it('a refused private reply does not use up the comment’s one reply', async () => {
    const { commentId } = await newComment();
    setup.harness.fake.failNext('content', { path: /^\/me\/messages$/ });
    expect((await sendPrivateReply(commentId, 'bad')).status).toBe('failed');
    expect((await sendPrivateReply(commentId, 'good')).status).toBe('sent');
  });

  it('no private reply after 7 days', async () => {
    const { commentId } = await newComment({}, Math.floor((Date.now() - 8 * 86_400_000) / 1000));
    expect(await conflictOf(sendPrivateReply(commentId, 'late'))).toMatch(/7 days/);
  });

  it('a public reply posts to /{comment-id}/replies; a reply to a reply goes to the top-level comment', async () => {
    const top = await newComment();
    const result = await outbound.sendCommentReply({
      commentId: top.commentId,
      text: 'Thanks! 🔥',
      visibility: 'public',
      origin: 'person',
      idempotencyKey: key(),
    });
    expect(result.status).toBe('sent');
    expect(setup.harness.fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/${top.instagramId}/replies`,
      query: { message: 'Thanks! 🔥' },
    });
    const child = await newComment({ parent_id: top.instagramId });
    await outbound.sendCommentReply({
      commentId: child.commentId,
      text: 'You too',
      visibility: 'public',
      origin: 'person',
      idempotencyKey: key(),
    });
    expect(setup.harness.fake.calls.at(-1)).toMatchObject({ path: `/${top.instagramId}/replies` });
  });
});
