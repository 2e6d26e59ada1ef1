import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { signWebhookBody } from '#tests/fakes/instagram-graph.ts';
import {
  appSecret,
  assistantJobs,
  commentPayload,
  countRows,
  createConnectedBrand,
  createInstagramHarness,
  customerDm,
  customerMessage,
  drainInbox,
  echoMessage,
  messagingPayload,
  nextMid,
  postWebhook,
  useConnectedBrand,
  verifyToken,
} from '#tests/support/instagram.ts';

const setup = useConnectedBrand();

const app = () => setup.harness.app;
const conversationOf = async (igsid: string) => {
  const { rows } = await app().database.executeSql(
    'select * from conversations where brand_id = $1 and customer_instagram_id = $2',
    [setup.brand.brandId, igsid],
  );
  return rows;
};
const messagesOf = async (igsid: string) => {
  const { rows } = await app().database.executeSql(
    `select m.* from messages m join conversations c on c.id = m.conversation_id
     where c.brand_id = $1 and c.customer_instagram_id = $2 order by m.created_at`,
    [setup.brand.brandId, igsid],
  );
  return rows;
};

describe('GET /api/webhooks/instagram (handshake)', () => {
  it('echoes hub.challenge as text/plain when the verify token matches', async () => {
    const response = await app().app.inject({
      method: 'GET',
      url: `/api/webhooks/instagram?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${verifyToken}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('1158201444');
  });

  it('answers 403 to a wrong or missing token, or another mode', async () => {
    for (const query of [
      'hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong',
      'hub.mode=subscribe&hub.challenge=1',
      `hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${verifyToken}`,
    ]) {
      const response = await app().app.inject({ method: 'GET', url: `/api/webhooks/instagram?${query}` });
      expect(response.statusCode, query).toBe(403);
    }
  });
});

describe('POST /api/webhooks/instagram: signatures and shape', () => {
  const payload = () =>
    messagingPayload(setup.brand.account.accountId, [
      customerMessage(setup.brand.account.accountId, 'sig-1', { text: 'hi' }),
    ]);

  it('401 when the signature is missing, made with another secret, or over a tampered body', async () => {
    const body = JSON.stringify(payload());
    expect((await postWebhook(app(), body, null)).statusCode).toBe(401);
    expect((await postWebhook(app(), body, signWebhookBody('another-secret', body))).statusCode).toBe(401);
    expect((await postWebhook(app(), body, 'sha256=zz')).statusCode).toBe(401);
    const tampered = body.replace('"hi"', '"HI"');
    expect((await postWebhook(app(), tampered, signWebhookBody(appSecret, body))).statusCode).toBe(401);
    expect(await countRows(app(), `select 1 from instagram_events where thread_key = 'igsid:sig-1'`)).toBe(0);
  });

  it('verifies the raw bytes: whitespace and key order the JSON parser would lose still count', async () => {
    const body = `{ "entry": ${JSON.stringify(payload().entry)},   "object":"instagram" }`;
    expect((await postWebhook(app(), body)).statusCode).toBe(200);
  });

  it('reads the bytes whatever the content type says (or when it is missing)', async () => {
    for (const contentType of [undefined, 'text/plain', 'application/json; charset=utf-8']) {
      const body = JSON.stringify(payload());
      const response = await app().app.inject({
        method: 'POST',
        url: '/api/webhooks/instagram',
        headers: {
          'x-hub-signature-256': signWebhookBody(appSecret, body),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        payload: body,
      });
      expect(response.statusCode, String(contentType)).toBe(200);
    }
  });

  it('400 for a validly signed body that is not JSON or not a webhook payload', async () => {
    expect((await postWebhook(app(), 'not json at all')).statusCode).toBe(400);
    expect((await postWebhook(app(), { object: 'page', entry: [] })).statusCode).toBe(400);
    expect((await postWebhook(app(), { object: 'instagram' })).statusCode).toBe(400);
  });

  it('413 above the body limit, without storing anything', async () => {
    const huge = JSON.stringify({ object: 'instagram', entry: [], pad: 'x'.repeat(4 * 1024 * 1024 + 10) });
    expect((await postWebhook(app(), huge)).statusCode).toBe(413);
  });

  it('acknowledges an unknown account without storing its events', async () => {
    const response = await postWebhook(app(), customerDm('99999999999', 'ghost', { text: 'who?' }));
    expect(response.statusCode).toBe(200);
    expect(await countRows(app(), `select 1 from instagram_events where account_id = '99999999999'`)).toBe(0);
  });

  it('never answers 5xx to any signed body (fast-check)', async () => {
    // A brand of its own, so the random comments and messages stay out of the other tests' way.
    const fuzzed = await createConnectedBrand(setup.harness);
    const item = fc.record(
      {
        sender: fc.record({ id: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()) }),
        recipient: fc.record({ id: fc.constant(fuzzed.account.accountId) }),
        timestamp: fc.oneof(fc.integer(), fc.double(), fc.constant(1e20)),
        message: fc.record(
          {
            mid: fc.string({ maxLength: 30 }),
            text: fc.string({ maxLength: 50 }),
            is_echo: fc.boolean(),
            is_deleted: fc.boolean(),
            attachments: fc.array(
              fc.record({ type: fc.string(), payload: fc.record({ url: fc.webUrl() }) }),
              { maxLength: 2 },
            ),
          },
          { requiredKeys: [] },
        ),
        reaction: fc.record({ mid: fc.string(), action: fc.constantFrom('react', 'unreact') }),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({
        object: fc.constantFrom('instagram', 'page'),
        entry: fc.array(
          fc.record(
            {
              id: fc.oneof(fc.constant(fuzzed.account.accountId), fc.string({ maxLength: 12 })),
              time: fc.oneof(fc.integer(), fc.constant(-1)),
              messaging: fc.array(item, { maxLength: 3 }),
              changes: fc.array(
                fc.record({
                  field: fc.constantFrom('comments', 'mentions', ''),
                  value: fc.record(
                    {
                      id: fc.string({ maxLength: 10 }),
                      text: fc.string(),
                      from: fc.record({ id: fc.string(), username: fc.string() }),
                    },
                    { requiredKeys: [] },
                  ),
                }),
                { maxLength: 2 },
              ),
            },
            { requiredKeys: ['id'] },
          ),
          { maxLength: 3 },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const response = await postWebhook(app(), JSON.stringify(value));
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    // Whatever was stored processes without a failure.
    await drainInbox(app());
    expect(await countRows(app(), `select 1 from instagram_events where outcome = 'failed'`)).toBe(0);
  }, 60_000);
});

describe('processing each event kind', () => {
  it('a text message: one conversation, the message, the IGSID shown until the profile is known, an assistant job', async () => {
    const account = setup.brand.account.accountId;
    setup.harness.fake.setProfile('cust-1', 'buyer_one');
    const item = customerMessage(account, 'cust-1', { text: 'is the red hoodie in M?' });
    expect((await postWebhook(app(), messagingPayload(account, [item]))).statusCode).toBe(200);
    await drainInbox(app());
    const [conversation] = await conversationOf('cust-1');
    expect(conversation).toMatchObject({
      customer_username: 'buyer_one',
      handled_by: 'assistant',
      status: 'active',
    });
    const [message] = await messagesOf('cust-1');
    expect(message).toMatchObject({
      sender: 'customer',
      content: 'is the red hoodie in M?',
      kind: 'text',
      deleted: false,
    });
    const jobs = await assistantJobs(app());
    expect(jobs).toContainEqual(
      expect.objectContaining({
        data: { kind: 'message', messageId: message!.id },
        singleton_key: `message:${message!.id}`,
      }),
    );
    // The profile is looked up once per customer (cached).
    setup.harness.fake.calls.length = 0;
    await postWebhook(app(), customerDm(account, 'cust-1', { text: 'hello?' }));
    await drainInbox(app());
    expect(setup.harness.fake.calls.filter((c) => c.path === '/cust-1')).toHaveLength(0);
  });

  it('shows the IGSID when the profile cannot be read (no consent yet)', async () => {
    const account = setup.brand.account.accountId;
    await postWebhook(app(), customerDm(account, 'cust-noconsent', { text: 'hey' }));
    await drainInbox(app());
    expect((await conversationOf('cust-noconsent'))[0]).toMatchObject({
      customer_username: 'cust-noconsent',
    });
  });

  it('attachments keep their CDN URLs; story replies, story mentions and unsupported messages are labelled', async () => {
    const account = setup.brand.account.accountId;
    const items = [
      customerMessage(
        account,
        'cust-2',
        { attachments: [{ type: 'image', payload: { url: 'https://cdn.example/img.jpg' } }] },
        Date.now() - 4000,
      ),
      customerMessage(
        account,
        'cust-2',
        { text: 'love it', reply_to: { story: { url: 'https://cdn.example/story', id: '555' } } },
        Date.now() - 3000,
      ),
      customerMessage(
        account,
        'cust-2',
        { attachments: [{ type: 'story_mention', payload: { url: 'https://cdn.example/m' } }] },
        Date.now() - 2000,
      ),
      customerMessage(account, 'cust-2', { is_unsupported: true }, Date.now() - 1000),
    ];
    await postWebhook(app(), messagingPayload(account, items));
    await drainInbox(app());
    const rows = await messagesOf('cust-2');
    expect(rows.map((r) => r.kind)).toEqual(['attachment', 'story_reply', 'story_mention', 'unsupported']);
    expect(rows[0]!.attachments).toEqual([{ type: 'image', url: 'https://cdn.example/img.jpg' }]);
    expect(rows[1]!.metadata).toMatchObject({ story: { url: 'https://cdn.example/story', id: '555' } });
  });

  it('is_deleted marks the message deleted (kept), also when the deletion arrives first', async () => {
    const account = setup.brand.account.accountId;
    const original = customerMessage(account, 'cust-3', { text: 'oops' });
    const mid = (original.message as { mid: string }).mid;
    await postWebhook(app(), messagingPayload(account, [original]));
    await drainInbox(app());
    await postWebhook(app(), customerDm(account, 'cust-3', { mid, is_deleted: true }));
    await drainInbox(app());
    expect(await messagesOf('cust-3')).toEqual([expect.objectContaining({ content: 'oops', deleted: true })]);

    const late = customerMessage(account, 'cust-3', { text: 'unsent later' });
    const lateMid = (late.message as { mid: string }).mid;
    await postWebhook(app(), customerDm(account, 'cust-3', { mid: lateMid, is_deleted: true }));
    await drainInbox(app());
    const before = (await assistantJobs(app())).length;
    await postWebhook(app(), messagingPayload(account, [late]));
    await drainInbox(app());
    const row = (await messagesOf('cust-3')).find((m) => m.instagram_message_id === lateMid);
    expect(row).toMatchObject({ deleted: true });
    expect((await assistantJobs(app())).length).toBe(before);
  });

  it('reactions, seen, referrals and postbacks are recorded or ignored on purpose, never a failure', async () => {
    const account = setup.brand.account.accountId;
    const original = customerMessage(account, 'cust-4', { text: 'nice' });
    const mid = (original.message as { mid: string }).mid;
    await postWebhook(
      app(),
      messagingPayload(account, [
        original,
        {
          sender: { id: 'cust-4' },
          recipient: { id: account },
          timestamp: Date.now() + 1,
          reaction: { mid, action: 'react', reaction: 'love', emoji: '❤️' },
        },
        {
          sender: { id: 'cust-4' },
          recipient: { id: account },
          timestamp: Date.now() + 2,
          read: { mid: 'mid-unknown' },
        },
        {
          sender: { id: 'cust-4' },
          recipient: { id: account },
          timestamp: Date.now() + 3,
          referral: { ref: 'x', source: 'ADS', type: 'OPEN_THREAD' },
        },
        {
          sender: { id: 'cust-4' },
          recipient: { id: account },
          timestamp: Date.now() + 4,
          postback: { mid: nextMid(), title: 'Show me hoodies', payload: 'HOODIES' },
        },
      ]),
    );
    await drainInbox(app());
    const { rows } = await app().database.executeSql(
      `select kind, outcome from instagram_events where thread_key = 'igsid:cust-4' order by occurred_at`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['message', 'reaction', 'read', 'referral', 'postback']);
    expect(rows.every((r) => r.outcome !== 'failed')).toBe(true);
    const stored = await messagesOf('cust-4');
    expect(stored[0]!.metadata).toMatchObject({ reaction: '❤️' });
    expect(stored[1]).toMatchObject({ kind: 'postback', content: 'Show me hoodies', sender: 'customer' });
  });

  it('comments: deduplicated on the comment id, with media, parent and username; our own comments ignored', async () => {
    const account = setup.brand.account.accountId;
    const value = {
      id: '17880990537428645',
      text: 'Link?',
      from: { id: 'cust-5', username: 'buyer_5' },
      media: { id: 'media-1', media_product_type: 'REELS' },
    };
    await postWebhook(app(), commentPayload(account, value));
    await postWebhook(app(), commentPayload(account, value)); // ad comments may come twice
    await postWebhook(
      app(),
      commentPayload(account, {
        id: 'c-reply',
        text: 'me too',
        parent_id: value.id,
        from: { id: 'cust-6', username: 'buyer_6' },
        media: { id: 'media-1' },
      }),
    );
    await postWebhook(
      app(),
      commentPayload(account, {
        id: 'c-ours',
        text: 'Thanks!',
        from: { id: account, username: 'brand' },
        media: { id: 'media-1' },
      }),
    );
    await drainInbox(app());
    const { rows } = await app().database.executeSql(
      'select * from comments where brand_id = $1 order by created_at, instagram_comment_id',
      [setup.brand.brandId],
    );
    expect(rows.map((r) => r.instagram_comment_id).sort()).toEqual(['17880990537428645', 'c-reply']);
    expect(rows.find((r) => r.instagram_comment_id === 'c-reply')).toMatchObject({
      parent_instagram_comment_id: value.id,
      username: 'buyer_6',
      media_id: 'media-1',
      from_instagram_id: 'cust-6',
    });
    const ids = new Set(rows.map((r) => r.id));
    const jobs = (await assistantJobs(app())).filter((j) =>
      ids.has((j.data as { commentId?: string }).commentId),
    );
    expect(jobs).toHaveLength(2);
  });
});

describe('exactly once and in order', () => {
  it('duplicate deliveries store one message and one assistant job', async () => {
    const account = setup.brand.account.accountId;
    const payload = customerDm(account, 'cust-dup', { text: 'once' });
    for (let i = 0; i < 3; i += 1) expect((await postWebhook(app(), payload)).statusCode).toBe(200);
    await drainInbox(app());
    await postWebhook(app(), payload);
    await drainInbox(app());
    const rows = await messagesOf('cust-dup');
    expect(rows).toHaveLength(1);
    const jobs = (await assistantJobs(app())).filter(
      (j) => (j.data as { messageId?: string }).messageId === rows[0]!.id,
    );
    expect(jobs).toHaveLength(1);
  });

  it('out-of-order deliveries: lastMessageAt follows the newest message', async () => {
    const account = setup.brand.account.accountId;
    const newest = Date.now() - 1000;
    await postWebhook(app(), customerDm(account, 'cust-ooo', { text: 'second' }, newest));
    await drainInbox(app());
    await postWebhook(app(), customerDm(account, 'cust-ooo', { text: 'first' }, newest - 60_000));
    await drainInbox(app());
    const [conversation] = await conversationOf('cust-ooo');
    expect(new Date(conversation!.last_message_at as string).getTime()).toBe(newest);
    expect((await messagesOf('cust-ooo')).map((m) => m.content)).toEqual(['first', 'second']);
  });

  it('20 simultaneous first messages from a new customer make one conversation', async () => {
    const account = setup.brand.account.accountId;
    const posts = Array.from({ length: 20 }, (_, i) =>
      postWebhook(app(), customerDm(account, 'cust-race', { text: `hello ${i}` })),
    );
    expect((await Promise.all(posts)).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Workers racing on the same thread.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        app().channel.processor.processThread(setup.brand.brandId, 'igsid:cust-race'),
      ),
    );
    expect(await conversationOf('cust-race')).toHaveLength(1);
    expect(await messagesOf('cust-race')).toHaveLength(20);
  });

  it('a 1,000-entry batch is accepted in one request and every message stored once', async () => {
    const account = setup.brand.account.accountId;
    const entry = Array.from({ length: 1000 }, (_, i) => ({
      id: account,
      time: Date.now(),
      messaging: [
        customerMessage(account, `batch-${i % 100}`, {
          text: `batch message ${i} about the linen shirt in medium`,
        }),
      ],
    }));
    const body = { object: 'instagram', entry };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(16 * 1024);
    const started = Date.now();
    const response = await postWebhook(app(), body);
    expect(response.statusCode).toBe(200);
    console.log(`1,000-entry batch accepted in ${Date.now() - started} ms`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(
      await countRows(app(), `select 1 from instagram_events where thread_key like 'igsid:batch-%'`),
    ).toBe(1000);
    expect((await postWebhook(app(), body)).statusCode).toBe(200);
    await drainInbox(app());
    expect(
      await countRows(
        app(),
        `select 1 from messages m join conversations c on c.id = m.conversation_id where c.customer_instagram_id like 'batch-%'`,
      ),
    ).toBe(1000);
    expect(
      await countRows(app(), `select 1 from conversations where customer_instagram_id like 'batch-%'`),
    ).toBe(100);
  }, 60_000);

  it('a NUL character (which PostgreSQL cannot store) arrives as U+FFFD, and the rest of its batch with it', async () => {
    const account = setup.brand.account.accountId;
    const body = messagingPayload(account, [
      customerMessage(account, 'cust-nul', { text: 'size\u0000M?' }),
      customerMessage(account, 'cust-nul', { text: 'and a plain one' }),
    ]);
    expect(JSON.stringify(body)).toContain('\\u0000');
    expect((await postWebhook(app(), body)).statusCode).toBe(200);
    await drainInbox(app());
    expect((await messagesOf('cust-nul')).map((row) => row.content).sort()).toEqual([
      'and a plain one',
      'size\uFFFDM?',
    ]);
  });

  it('a paused brand: events stored, nothing enqueued for the assistant', async () => {
    const paused = await createConnectedBrand(setup.harness, { active: false });
    const account = paused.account.accountId;
    const before = (await assistantJobs(app())).length;
    await postWebhook(app(), customerDm(account, 'cust-paused', { text: 'anyone?' }));
    await postWebhook(
      app(),
      commentPayload(account, { id: 'c-paused', text: 'price?', from: { id: 'cust-paused', username: 'p' } }),
    );
    await drainInbox(app());
    expect(await countRows(app(), 'select 1 from messages where brand_id = $1', [paused.brandId])).toBe(1);
    expect(await countRows(app(), 'select 1 from comments where brand_id = $1', [paused.brandId])).toBe(1);
    expect((await assistantJobs(app())).length).toBe(before);
  });
});

describe('echoes', () => {
  it('an echo we did not send is a person replying from the Instagram app: stored as agent, the AI paused', async () => {
    const account = setup.brand.account.accountId;
    await postWebhook(app(), customerDm(account, 'cust-echo', { text: 'hi' }));
    const echo = echoMessage(account, 'cust-echo', { text: 'Hi! Sarah here.' }, Date.now() + 10);
    await postWebhook(app(), messagingPayload(account, [echo]));
    await postWebhook(app(), messagingPayload(account, [echo]));
    await drainInbox(app());
    const rows = await messagesOf('cust-echo');
    expect(rows.map((r) => [r.sender, r.content])).toEqual([
      ['customer', 'hi'],
      ['agent', 'Hi! Sarah here.'],
    ]);
    expect((await conversationOf('cust-echo'))[0]).toMatchObject({ handled_by: 'person' });
  });
});

describe('with workers running', () => {
  it('a webhook is processed by the job right after the request (woken, not polled) and the assistant job is enqueued', async () => {
    const live = await createInstagramHarness({ workers: true, env: { JOB_POLL_SECONDS: '30' } });
    try {
      const connected = await createConnectedBrand(live);
      const account = connected.account.accountId;
      const started = Date.now();
      await postWebhook(live.app, customerDm(account, 'cust-live', { text: 'fast?' }));
      await vi.waitFor(async () => expect((await assistantJobs(live.app)).length).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 20,
      });
      // Polling is every 30 s here: only the wake-up explains this.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await live.close();
    }
  });
});
