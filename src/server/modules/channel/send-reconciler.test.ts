import { describe, expect, it, vi } from 'vitest';
import {
  commentPayload,
  createConnectedBrand,
  createInstagramHarness,
  customerDm,
  drainInbox,
  postWebhook,
  useConnectedBrand,
} from '#tests/support/instagram.ts';
import { createSendCore } from './outbound.ts';
import { createSendBudget } from './send-budget.ts';
import { createSendReconciler, type SendReconcilerSettings } from './send-reconciler.ts';

/**
 * Decision 023: direct messages whose outcome is unknown (a timeout, a process killed between recording the send
 * and Graph's answer) are settled: confirmed through the Conversations API when they left, sent again once when
 * they did not. Real HTTP to the fake Graph server throughout.
 */
const setup = useConnectedBrand({ timeoutMs: 300 });
let customerCounter = 0;
let keyCounter = 0;
const key = () => `reconcile-key-${++keyCounter}`;
const db = () => setup.harness.app.database;

/** A reconciler over the app's parts; no pacing unless asked (the pacing test asks). */
function createReconciler(settings: Partial<SendReconcilerSettings> = {}) {
  return createParts(settings).reconciler;
}

/** Two reconcilers run at once over the same aged parts: between them they resend `count`, and do nothing else. */
async function expectResentOnceByTwoReconcilers(count: number) {
  const [a, b] = await Promise.all([createReconciler().reconcile(), createReconciler().reconcile()]);
  expect(a.resent + b.resent).toBe(count);
  expect(a.confirmed + b.confirmed + a.failed + b.failed + a.deferred + b.deferred).toBe(0);
}

function createParts(settings: Partial<SendReconcilerSettings> = {}) {
  const channel = setup.harness.app.channel;
  const core = createSendCore({
    db: db().db,
    graph: channel.graph,
    connections: channel.connections,
    budget: createSendBudget(),
    log: setup.harness.app.log,
    humanAgentTagEnabled: false,
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
  });
  const reconciler = createSendReconciler({
    db: db().db,
    graph: channel.graph,
    connections: channel.connections,
    core,
    log: setup.harness.app.log,
    settings: { reconcileAfterSeconds: 60, conversationsIntervalMs: 0, ...settings },
  });
  return { core, reconciler };
}

async function newConversation(): Promise<{ conversationId: string; igsid: string }> {
  customerCounter += 1;
  const igsid = `rec-cust-${customerCounter}`;
  const account = setup.brand.account.accountId;
  await postWebhook(setup.harness.app, customerDm(account, igsid, { text: 'is it in stock?' }));
  await drainInbox(setup.harness.app);
  const { rows } = await db().executeSql(
    'select id from conversations where brand_id = $1 and customer_instagram_id = $2',
    [setup.brand.brandId, igsid],
  );
  return { conversationId: rows[0]!.id as string, igsid };
}

const sendsTo = (igsid: string) => setup.harness.fake.sentMessages().filter((m) => m.recipient.id === igsid);
const conversationCalls = () =>
  setup.harness.fake.calls.filter((call) => call.method === 'GET' && call.path !== '/me');

/** Makes these sends' leases as old as a dead process would leave them. */
async function age(idempotencyKey: string, seconds = 120) {
  await db().executeSql(
    `update instagram_sends set updated_at = updated_at - $2::interval where idempotency_key = $1`,
    [idempotencyKey, `${seconds} seconds`],
  );
}

async function sendRows(idempotencyKey: string) {
  const { rows } = await db().executeSql(
    `select s.part, s.status, s.graph_id, s.attempts, s.error, m.instagram_message_id, m.delivery_state
       from instagram_sends s left join messages m on m.id = s.message_id
      where s.idempotency_key = $1 order by s.part`,
    [idempotencyKey],
  );
  return rows as {
    part: number;
    status: string;
    graph_id: string | null;
    attempts: number;
    error: string | null;
    instagram_message_id: string | null;
    delivery_state: string | null;
  }[];
}

/** What a process killed after recording leaves: the message and its send, queued. */
async function recordInterruptedSend(
  target: { conversationId: string; igsid: string },
  text: string,
  attempts: 0 | 1,
): Promise<string> {
  const idempotencyKey = key();
  const { rows } = await db().executeSql(
    `insert into messages (conversation_id, brand_id, sender, content, delivery_state)
     values ($1, $2, 'ai', $3, 'queued') returning id`,
    [target.conversationId, setup.brand.brandId, text],
  );
  await db().executeSql(
    `insert into instagram_sends (brand_id, kind, origin, idempotency_key, conversation_id, message_id, recipient, text, attempts)
     values ($1, 'direct_message', 'assistant', $2, $3, $4, $5, $6, $7)`,
    [setup.brand.brandId, idempotencyKey, target.conversationId, rows[0]!.id, target.igsid, text, attempts],
  );
  return idempotencyKey;
}

async function sendWithFailure(
  failure: 'hang' | 'answerLost' | 'lostRequest',
  text: string,
): Promise<{ conversationId: string; igsid: string; idempotencyKey: string }> {
  const conversation = await newConversation();
  const idempotencyKey = key();
  setup.harness.fake.failNext(failure, { path: /^\/me\/messages$/ });
  const result = await setup.harness.app.channel.outbound.sendDirectMessage({
    conversationId: conversation.conversationId,
    text,
    origin: 'assistant',
    idempotencyKey,
  });
  expect(result.status).toBe('unknown');
  return { ...conversation, idempotencyKey };
}

const nothing = { confirmed: 0, resent: 0, failed: 0, deferred: 0 };

describe('a timed-out send', () => {
  it.each(['hang', 'answerLost'] as const)(
    'that did leave (%s) is confirmed as sent with Instagram’s id, and nothing is resent',
    async (failure) => {
      const reconciler = createReconciler();
      const { conversationId, igsid, idempotencyKey } = await sendWithFailure(
        failure,
        `Yes, in stock (${failure}).`,
      );
      expect(sendsTo(igsid)).toHaveLength(1);
      expect((await sendRows(idempotencyKey))[0]).toMatchObject({ status: 'unknown', attempts: 1 });

      // Not yet stale: left alone (its echo may still come).
      expect(await reconciler.reconcile()).toEqual(nothing);

      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, confirmed: 1 });
      const delivered = sendsTo(igsid);
      expect(delivered).toHaveLength(1);
      expect(await sendRows(idempotencyKey)).toEqual([
        expect.objectContaining({
          status: 'sent',
          graph_id: delivered[0]!.messageId,
          error: null,
          attempts: 2,
          instagram_message_id: delivered[0]!.messageId,
          delivery_state: 'sent',
        }),
      ]);
      // Settled: the next run has nothing to do, and the caller's retry sees it sent.
      expect(await reconciler.reconcile()).toEqual(nothing);
      expect(
        await setup.harness.app.channel.outbound.sendDirectMessage({
          conversationId,
          text: 'ignored',
          origin: 'assistant',
          idempotencyKey,
        }),
      ).toMatchObject({ status: 'sent', duplicate: true });
    },
  );

  it('that never left is sent again exactly once', async () => {
    const reconciler = createReconciler();
    const { igsid, idempotencyKey } = await sendWithFailure('lostRequest', 'Here is your link.');
    expect(sendsTo(igsid)).toHaveLength(0);
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
    const delivered = sendsTo(igsid);
    expect(delivered.map((m) => m.text)).toEqual(['Here is your link.']);
    expect(await sendRows(idempotencyKey)).toEqual([
      expect.objectContaining({
        status: 'sent',
        graph_id: delivered[0]!.messageId,
        attempts: 2,
        delivery_state: 'sent',
      }),
    ]);
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual(nothing);
    expect(sendsTo(igsid)).toHaveLength(1);
  });

  it('an earlier send of the same text does not count: only a message no other send holds', async () => {
    const reconciler = createReconciler();
    const conversation = await newConversation();
    const first = await setup.harness.app.channel.outbound.sendDirectMessage({
      conversationId: conversation.conversationId,
      text: 'hi! how can I help?',
      origin: 'assistant',
      idempotencyKey: key(),
    });
    expect(first.status).toBe('sent');
    const idempotencyKey = key();
    setup.harness.fake.failNext('lostRequest', { path: /^\/me\/messages$/ });
    await setup.harness.app.channel.outbound.sendDirectMessage({
      conversationId: conversation.conversationId,
      text: 'hi! how can I help?',
      origin: 'assistant',
      idempotencyKey,
    });
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
    expect(sendsTo(conversation.igsid)).toHaveLength(2);
  });
});

describe('a send left queued by a dead process', () => {
  it('never tried (killed before its call): sent without asking Instagram', async () => {
    const reconciler = createReconciler();
    const conversation = await newConversation();
    const idempotencyKey = await recordInterruptedSend(conversation, 'Interrupted before the call', 0);
    // A live owner's lease: not touched.
    expect(await reconciler.reconcile()).toEqual(nothing);
    await age(idempotencyKey);
    const before = conversationCalls().length;
    expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
    expect(conversationCalls().length).toBe(before);
    expect(sendsTo(conversation.igsid).map((m) => m.text)).toEqual(['Interrupted before the call']);
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      delivery_state: 'sent',
    });
  });

  it('killed during the call, and it left: confirmed, not resent', async () => {
    const reconciler = createReconciler();
    const conversation = await newConversation();
    const idempotencyKey = await recordInterruptedSend(conversation, 'Interrupted during the call', 1);
    // The dead process's call reached Instagram.
    const left = await setup.harness.app.channel.graph.sendMessage(setup.brand.account.token, {
      recipient: { id: conversation.igsid },
      text: 'Interrupted during the call',
    });
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, confirmed: 1 });
    expect(sendsTo(conversation.igsid)).toHaveLength(1);
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({
      status: 'sent',
      graph_id: left.messageId,
      instagram_message_id: left.messageId,
    });
  });

  it('killed during the call, and it did not leave: asked, then sent once', async () => {
    const reconciler = createReconciler();
    const conversation = await newConversation();
    const idempotencyKey = await recordInterruptedSend(conversation, 'Never reached Instagram', 1);
    await age(idempotencyKey);
    const before = conversationCalls().length;
    expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
    // The customer's thread was looked for first (none yet: nothing was ever sent to them).
    expect(conversationCalls().slice(before)).toEqual([
      expect.objectContaining({
        path: '/me/conversations',
        query: { platform: 'instagram', user_id: conversation.igsid },
      }),
    ]);
    expect(sendsTo(conversation.igsid).map((m) => m.text)).toEqual(['Never reached Instagram']);
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('guards, races and errors', () => {
  it('the guard refuses the resend (a person took over): failed with the guard’s reason, nothing sent', async () => {
    const reconciler = createReconciler();
    const { conversationId, igsid, idempotencyKey } = await sendWithFailure('lostRequest', 'Automated');
    await db().executeSql(`update conversations set handled_by = 'person' where id = $1`, [conversationId]);
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
    expect(sendsTo(igsid)).toHaveLength(0);
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({
      status: 'failed',
      error: 'Not sent: A person is handling this conversation: the assistant does not send here.',
      delivery_state: 'failed',
    });
  });

  it('the guard refuses the resend (window closed): failed with the guard’s reason', async () => {
    const reconciler = createReconciler();
    const { conversationId, igsid, idempotencyKey } = await sendWithFailure('lostRequest', 'Too late');
    await db().executeSql(
      `update conversations set last_customer_message_at = now() - interval '25 hours' where id = $1`,
      [conversationId],
    );
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
    expect(sendsTo(igsid)).toHaveLength(0);
    expect((await sendRows(idempotencyKey))[0]!.error).toMatch(/^Not sent: .*more than 24 hours/);
  });

  it('two reconcilers at once on the same sends: each is sent once', async () => {
    const sends = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        const conversation = await newConversation();
        const idempotencyKey = await recordInterruptedSend(conversation, `Raced ${index}`, index % 2 ? 1 : 0);
        await age(idempotencyKey);
        return { ...conversation, idempotencyKey };
      }),
    );
    await expectResentOnceByTwoReconcilers(4);
    for (const send of sends) {
      expect(sendsTo(send.igsid)).toHaveLength(1);
      expect((await sendRows(send.idempotencyKey))[0]!.status).toBe('sent');
    }
  });

  it('a slow sender that resumes after the reconciler took its part over sends nothing', async () => {
    const { core, reconciler } = createParts();
    const conversation = await newConversation();
    const idempotencyKey = await recordInterruptedSend(conversation, 'Slow owner', 0);
    const stalled = await core.findSends(idempotencyKey);
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
    // The owner wakes up and goes on with the parts it recorded: its claim fails.
    await core.sendWaitingParts(stalled);
    expect(sendsTo(conversation.igsid)).toHaveLength(1);
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a Graph error while asking leaves the send for the next run, which settles it', async () => {
    const reconciler = createReconciler();
    const { igsid, idempotencyKey } = await sendWithFailure('lostRequest', 'Asked twice');
    await age(idempotencyKey);
    setup.harness.fake.failNext('http500', { path: /^\/me\/conversations$/ });
    expect(await reconciler.reconcile()).toEqual({ ...nothing, deferred: 1 });
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({ status: 'unknown', attempts: 2 });
    expect(sendsTo(igsid)).toHaveLength(0);
    // Its lease is fresh again: the next run waits for it to age.
    expect(await reconciler.reconcile()).toEqual(nothing);
    setup.harness.fake.failNext('lostRequest', { path: /^\/me\/conversations$/ });
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, deferred: 1 });
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
    expect(sendsTo(igsid)).toHaveLength(1);
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('gives up after a bounded number of tries: failed, for a person', async () => {
    const reconciler = createReconciler({ maxAttempts: 3 });
    const { igsid, idempotencyKey } = await sendWithFailure('hang', 'Cannot be confirmed');
    for (let run = 0; run < 2; run += 1) {
      setup.harness.fake.failNext('http500', { path: /^\/me\/conversations$/ });
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, deferred: 1 });
    }
    await age(idempotencyKey);
    expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
    expect((await sendRows(idempotencyKey))[0]).toMatchObject({
      status: 'failed',
      attempts: 4,
      error: expect.stringMatching(/could not confirm .* after 3 tries/),
      delivery_state: 'failed',
    });
    expect(sendsTo(igsid)).toHaveLength(1);
  });

  it('paces Conversations API calls of one account at 2 a second', async () => {
    const reconciler = createReconciler({ conversationsIntervalMs: 500 });
    const { idempotencyKey } = await sendWithFailure('hang', 'Paced');
    await age(idempotencyKey);
    const before = conversationCalls().length;
    expect(await reconciler.reconcile()).toEqual({ ...nothing, confirmed: 1 });
    const calls = conversationCalls().slice(before);
    // The thread, its message list, one message's details.
    expect(calls.map((call) => call.path)).toEqual([
      '/me/conversations',
      expect.stringMatching(/^\/conv\./),
      expect.stringMatching(/^\/mid\./),
    ]);
    // Timed where the fake receives each call, so a busy machine can deliver one call late and the next on time:
    // 50 ms of slack for that, while calls without pacing would come a few milliseconds apart.
    for (let index = 1; index < calls.length; index += 1) {
      expect(calls[index]!.at - calls[index - 1]!.at).toBeGreaterThanOrEqual(450);
    }
  });
});

describe('a message sent in parts', () => {
  const longText = Array.from(
    { length: 80 },
    (_, i) => `Sentence ${i} tells you about the linen shirt 👕.`,
  ).join(' ');

  it.each([
    ['left', 'hang', { confirmed: 1 }],
    ['never left', 'lostRequest', { resent: 1 }],
  ] as const)(
    'the parts after an unknown part (%s) wait, then follow it in order, each once',
    async (_, failure, settled) => {
      const reconciler = createReconciler();
      const { igsid, idempotencyKey } = await sendWithFailure(failure, longText);
      const waiting = await sendRows(idempotencyKey);
      expect(waiting.length).toBeGreaterThanOrEqual(3);
      expect(waiting.map((row) => [row.status, row.attempts, row.delivery_state])).toEqual([
        ['unknown', 1, 'unknown'],
        ...waiting.slice(1).map(() => ['queued', 0, 'queued']),
      ]);
      // The waiting parts are not the reconciler's until the part before them is settled.
      await db().executeSql(
        `update instagram_sends set updated_at = updated_at - interval '120 seconds' where idempotency_key = $1 and part > 0`,
        [idempotencyKey],
      );
      expect(await reconciler.reconcile()).toEqual(nothing);

      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, ...settled });
      const delivered = sendsTo(igsid);
      expect(delivered.map((m) => m.text).join(' ')).toBe(longText);
      const rows = await sendRows(idempotencyKey);
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'sent'));
      expect(rows.map((row) => row.graph_id)).toEqual(delivered.map((m) => m.messageId));
      expect(rows.map((row) => row.delivery_state)).toEqual(rows.map(() => 'sent'));
    },
  );

  it('a refused resend of a part fails the parts after it', async () => {
    const reconciler = createReconciler();
    const { conversationId, igsid, idempotencyKey } = await sendWithFailure('lostRequest', longText);
    await db().executeSql(`update brands set active = false where id = $1`, [setup.brand.brandId]);
    try {
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
    } finally {
      await db().executeSql(`update brands set active = true where id = $1`, [setup.brand.brandId]);
    }
    const rows = await sendRows(idempotencyKey);
    expect(rows.map((row) => [row.status, row.error])).toEqual([
      ['failed', 'Not sent: The brand is paused: nothing is sent for it.'],
      ...rows.slice(1).map(() => ['failed', 'Not sent: the previous part failed.']),
    ]);
    expect(sendsTo(igsid)).toHaveLength(0);
    expect(conversationId).toBeTruthy();
  });
});

describe('comment replies', () => {
  let commentCounter = 0;

  /**
   * A 🔥 comment on the brand's reel, stored through the webhook and known to the fake Graph (a private reply to it
   * lands in the DM thread with the commenter, whose IGSID the webhook gives as `from.id`).
   */
  async function newComment(options: { withAuthorId?: boolean } = {}) {
    commentCounter += 1;
    const instagramId = `rec-comment-${commentCounter}-${Date.now()}`;
    const igsid = `rec-commenter-${commentCounter}`;
    const account = setup.brand.account.accountId;
    setup.harness.fake.addComment({
      accountId: account,
      commentId: instagramId,
      fromId: igsid,
      username: 'fan',
    });
    await postWebhook(
      setup.harness.app,
      commentPayload(account, {
        id: instagramId,
        text: '🔥',
        from: options.withAuthorId === false ? { username: 'fan' } : { id: igsid, username: 'fan' },
        media: { id: 'reel-1', media_product_type: 'REELS' },
      }),
    );
    await drainInbox(setup.harness.app);
    const { rows } = await db().executeSql('select id from comments where instagram_comment_id = $1', [
      instagramId,
    ]);
    return { commentId: rows[0]!.id as string, instagramId, igsid };
  }

  type Visibility = 'private' | 'public';
  const pathOf = (visibility: Visibility) => (visibility === 'private' ? /^\/me\/messages$/ : /\/replies$/);
  /** What reached the commenter: private replies (/me/messages with comment_id) or public replies under it. */
  const repliesTo = (instagramId: string, visibility: Visibility) =>
    visibility === 'private'
      ? setup.harness.fake
          .sentMessages()
          .filter((m) => m.recipient.comment_id === instagramId)
          .map((m) => ({ id: m.messageId, text: m.text }))
      : setup.harness.fake
          .publicReplies()
          .filter((reply) => reply.commentId === instagramId)
          .map((reply) => ({ id: reply.replyId, text: reply.text }));

  async function replyRows(idempotencyKey: string) {
    const { rows } = await db().executeSql(
      `select s.status, s.graph_id, s.attempts, s.error, c.replied, c.reply_content
         from instagram_sends s join comments c on c.id = s.comment_id
        where s.idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows as {
      status: string;
      graph_id: string | null;
      attempts: number;
      error: string | null;
      replied: boolean;
      reply_content: string | null;
    }[];
  }

  /** The assistant answers a comment and Graph's answer never comes (or the request never arrives). */
  async function replyWithFailure(
    failure: 'hang' | 'answerLost' | 'lostRequest',
    visibility: Visibility,
    text: string,
    options: { withAuthorId?: boolean } = {},
  ) {
    const comment = await newComment(options);
    const idempotencyKey = key();
    setup.harness.fake.failNext(failure, { path: pathOf(visibility) });
    const result = await setup.harness.app.channel.outbound.sendCommentReply({
      commentId: comment.commentId,
      text,
      visibility,
      origin: 'assistant',
      idempotencyKey,
    });
    expect(result.status).toBe('unknown');
    return { ...comment, idempotencyKey };
  }

  /** What a process killed around its call leaves: the reply recorded, queued (attempts 0: before its claim). */
  async function recordInterruptedReply(
    comment: { commentId: string; instagramId: string },
    visibility: Visibility,
    text: string,
    attempts: 0 | 1,
  ): Promise<string> {
    const idempotencyKey = key();
    await db().executeSql(
      `insert into instagram_sends (brand_id, kind, origin, idempotency_key, comment_id, recipient, text, attempts)
       values ($1, $2, 'assistant', $3, $4, $5, $6, $7)`,
      [
        setup.brand.brandId,
        visibility === 'private' ? 'private_reply' : 'public_reply',
        idempotencyKey,
        comment.commentId,
        comment.instagramId,
        text,
        attempts,
      ],
    );
    return idempotencyKey;
  }

  describe.each(['private', 'public'] as const)('a %s reply', (visibility) => {
    it.each(['hang', 'answerLost'] as const)(
      'that did leave (%s) is confirmed with Instagram’s id, the comment marked replied, and nothing is resent',
      async (failure) => {
        const reconciler = createReconciler();
        const text = `Sent you the link 🔥 (${visibility}, ${failure})`;
        const { commentId, instagramId, igsid, idempotencyKey } = await replyWithFailure(
          failure,
          visibility,
          text,
        );
        expect(repliesTo(instagramId, visibility)).toHaveLength(1);
        expect(await replyRows(idempotencyKey)).toEqual([
          expect.objectContaining({ status: 'unknown', attempts: 1, replied: false }),
        ]);
        // Not yet stale: left alone (its owner may still be waiting for the answer).
        expect(await reconciler.reconcile()).toEqual(nothing);

        await age(idempotencyKey);
        const before = conversationCalls().length;
        expect(await reconciler.reconcile()).toEqual({ ...nothing, confirmed: 1 });
        const left = repliesTo(instagramId, visibility);
        expect(left).toHaveLength(1);
        expect(await replyRows(idempotencyKey)).toEqual([
          {
            status: 'sent',
            graph_id: left[0]!.id,
            attempts: 2,
            error: null,
            replied: true,
            reply_content: text,
          },
        ]);
        // Asked where each kind lives: the DM thread with the commenter, or the comment's replies.
        expect(conversationCalls()[before]).toMatchObject(
          visibility === 'private'
            ? { path: '/me/conversations', query: { platform: 'instagram', user_id: igsid } }
            : { path: `/${instagramId}/replies` },
        );
        // Settled: the next run has nothing to do, and the assistant's retry sees it sent.
        await age(idempotencyKey);
        expect(await reconciler.reconcile()).toEqual(nothing);
        expect(
          await setup.harness.app.channel.outbound.sendCommentReply({
            commentId,
            text: 'ignored',
            visibility,
            origin: 'assistant',
            idempotencyKey,
          }),
        ).toMatchObject({ status: 'sent', duplicate: true });
        expect(repliesTo(instagramId, visibility)).toHaveLength(1);
      },
    );

    it('that never reached Instagram is asked about, then sent exactly once', async () => {
      const reconciler = createReconciler();
      const text = `Here is your link (${visibility})`;
      const { instagramId, idempotencyKey } = await replyWithFailure('lostRequest', visibility, text);
      expect(repliesTo(instagramId, visibility)).toHaveLength(0);
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
      const left = repliesTo(instagramId, visibility);
      expect(left.map((reply) => reply.text)).toEqual([text]);
      expect((await replyRows(idempotencyKey))[0]).toMatchObject({
        status: 'sent',
        graph_id: left[0]!.id,
        attempts: 2,
        replied: true,
      });
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual(nothing);
      expect(repliesTo(instagramId, visibility)).toHaveLength(1);
    });

    it('never tried (killed before its claim): sent without asking Instagram', async () => {
      const reconciler = createReconciler();
      const comment = await newComment();
      const idempotencyKey = await recordInterruptedReply(comment, visibility, 'Before the call', 0);
      await age(idempotencyKey);
      const before = conversationCalls().length;
      expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
      expect(conversationCalls().length).toBe(before);
      expect(repliesTo(comment.instagramId, visibility).map((reply) => reply.text)).toEqual([
        'Before the call',
      ]);
      expect((await replyRows(idempotencyKey))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    });
  });

  it('two reconcilers at once on the same comment replies: each reply is sent once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        const comment = await newComment();
        const visibility: Visibility = index < 2 ? 'private' : 'public';
        const idempotencyKey = await recordInterruptedReply(
          comment,
          visibility,
          `Raced reply ${index}`,
          index % 2 ? 1 : 0,
        );
        await age(idempotencyKey);
        return { ...comment, visibility, idempotencyKey };
      }),
    );
    await expectResentOnceByTwoReconcilers(4);
    for (const reply of replies) {
      expect(repliesTo(reply.instagramId, reply.visibility)).toHaveLength(1);
      expect((await replyRows(reply.idempotencyKey))[0]!.status).toBe('sent');
    }
  });

  describe('a private reply past the 7 days after its comment', () => {
    const makeOld = (commentId: string) =>
      db().executeSql(`update comments set created_at = now() - interval '8 days' where id = $1`, [
        commentId,
      ]);
    /** A private reply the `failure` left unfinished, to a comment 8 days old, aged for the reconciler. */
    const oldReplyWithFailure = async (failure: 'answerLost' | 'lostRequest', text: string) => {
      const reply = await replyWithFailure(failure, 'private', text);
      await makeOld(reply.commentId);
      await age(reply.idempotencyKey);
      return reply;
    };

    it('that never reached Instagram is failed as expired, never sent, and not tried again', async () => {
      const reconciler = createReconciler();
      const { instagramId, idempotencyKey } = await oldReplyWithFailure('lostRequest', 'Too late for a DM');
      expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
      expect(repliesTo(instagramId, 'private')).toHaveLength(0);
      expect((await replyRows(idempotencyKey))[0]).toMatchObject({
        status: 'failed',
        error: 'Not sent: The comment is more than 7 days old: Instagram no longer allows a private reply.',
        replied: false,
      });
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual(nothing);
    });

    it('that did leave is still confirmed (asking comes first)', async () => {
      const reconciler = createReconciler();
      const { instagramId, idempotencyKey } = await oldReplyWithFailure('answerLost', 'Left just in time');
      expect(await reconciler.reconcile()).toEqual({ ...nothing, confirmed: 1 });
      expect(repliesTo(instagramId, 'private')).toHaveLength(1);
      expect((await replyRows(idempotencyKey))[0]!.status).toBe('sent');
    });

    it('never tried: failed as expired without a call', async () => {
      const reconciler = createReconciler();
      const comment = await newComment();
      const idempotencyKey = await recordInterruptedReply(comment, 'private', 'Never tried, too late', 0);
      await makeOld(comment.commentId);
      await age(idempotencyKey);
      const before = setup.harness.fake.calls.length;
      expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
      expect(setup.harness.fake.calls.length).toBe(before);
      expect((await replyRows(idempotencyKey))[0]!.error).toMatch(/more than 7 days old/);
    });
  });

  describe('when Instagram cannot tell', () => {
    it('a private reply to a comment without its author’s id is not resent: failed for a person, saying why', async () => {
      const reconciler = createReconciler();
      const { instagramId, idempotencyKey } = await replyWithFailure(
        'answerLost',
        'private',
        'Whose thread?',
        {
          withAuthorId: false,
        },
      );
      await age(idempotencyKey);
      const before = setup.harness.fake.calls.length;
      expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
      expect(setup.harness.fake.calls.length).toBe(before);
      expect(repliesTo(instagramId, 'private')).toHaveLength(1);
      expect((await replyRows(idempotencyKey))[0]).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(
          /^Not sent again: Instagram cannot tell whether this private reply left \(.*author/,
        ),
      });
    });

    it('a public reply under more replies than are read is not resent', async () => {
      const reconciler = createReconciler({ replyPages: 1 });
      const { instagramId, idempotencyKey } = await replyWithFailure(
        'lostRequest',
        'public',
        'Lost in the crowd',
      );
      for (let index = 0; index < 51; index += 1) {
        setup.harness.fake.addComment({
          accountId: setup.brand.account.accountId,
          commentId: `${instagramId}-crowd-${index}`,
          fromId: `crowd-${index}`,
          text: 'me too',
          parentId: instagramId,
        });
      }
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, failed: 1 });
      expect(repliesTo(instagramId, 'public')).toHaveLength(0);
      expect((await replyRows(idempotencyKey))[0]!.error).toMatch(
        /public reply left \(.*more than 50 replies/,
      );
    });

    it('another user’s reply with the same text is not ours: ours is sent once', async () => {
      const reconciler = createReconciler();
      const { instagramId, idempotencyKey } = await replyWithFailure(
        'lostRequest',
        'public',
        'Check your DMs!',
      );
      setup.harness.fake.addComment({
        accountId: setup.brand.account.accountId,
        commentId: `${instagramId}-copycat`,
        fromId: 'copycat',
        username: 'copycat',
        text: 'Check your DMs!',
        parentId: instagramId,
      });
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, resent: 1 });
      expect(repliesTo(instagramId, 'public').map((reply) => reply.text)).toEqual(['Check your DMs!']);
    });

    it('a Graph error while reading the replies leaves the reply for a later run, which settles it', async () => {
      const reconciler = createReconciler();
      const { instagramId, idempotencyKey } = await replyWithFailure('answerLost', 'public', 'Asked twice');
      await age(idempotencyKey);
      setup.harness.fake.failNext('http500', { path: /\/replies$/ });
      expect(await reconciler.reconcile()).toEqual({ ...nothing, deferred: 1 });
      expect((await replyRows(idempotencyKey))[0]).toMatchObject({ status: 'unknown', attempts: 2 });
      await age(idempotencyKey);
      expect(await reconciler.reconcile()).toEqual({ ...nothing, confirmed: 1 });
      expect(repliesTo(instagramId, 'public')).toHaveLength(1);
    });
  });
});

describe('the job', () => {
  it('runs by itself in a server with workers: an interrupted send is settled without anyone asking', async () => {
    const running = await createInstagramHarness({
      workers: true,
      timeoutMs: 300,
      env: { SEND_RECONCILE_AFTER_SECONDS: '1', SEND_RECONCILE_EVERY_SECONDS: '1' },
    });
    try {
      const local = await createConnectedBrand(running);
      // A customer who wrote a minute ago, stored directly: no assistant reply races the person's send below.
      const { rows } = await running.app.database.executeSql(
        `insert into conversations (brand_id, customer_username, customer_instagram_id, last_message_at, last_customer_message_at)
         values ($1, 'job-cust', 'job-cust', now(), now() - interval '1 minute') returning id`,
        [local.brandId],
      );
      running.fake.failNext('lostRequest', { path: /^\/me\/messages$/ });
      const result = await running.app.channel.outbound.sendDirectMessage({
        conversationId: rows[0]!.id as string,
        text: 'Settled by the job',
        origin: 'person',
        idempotencyKey: 'job-key',
      });
      expect(result.status).toBe('unknown');
      await vi.waitFor(
        async () => {
          const { rows: sends } = await running.app.database.executeSql(
            `select status from instagram_sends where idempotency_key = 'job-key'`,
          );
          expect(sends[0]!.status).toBe('sent');
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(running.fake.sentMessages().filter((m) => m.text === 'Settled by the job')).toHaveLength(1);
    } finally {
      await running.close();
    }
  }, 40_000);
});
