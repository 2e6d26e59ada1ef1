import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  commentPayload,
  countRows,
  createConnectedBrand,
  createInstagramHarness,
  postWebhook,
  waitForRows,
  type ConnectedBrand,
  type InstagramHarness,
} from '#tests/support/instagram.ts';

/**
 * Comment-to-DM rules that name their post and their product, through the signed webhook, the processing and
 * assistant jobs and the fake Graph server: a bare 🔥 on the named post gets that product's DM once, the same
 * emoji elsewhere falls to the any-post rule; the rule list counts firings, and "test this rule" runs the same
 * steps without sending.
 */
describe('comment rules that name their post and product', () => {
  let harness: InstagramHarness;
  let brand: ConnectedBrand;
  let product: { id: string; title: string };
  let namedRuleId: string;
  let anyPostRuleId: string;

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    harness.app.app.inject({
      method,
      url,
      headers: { cookie: brand.cookie },
      ...(payload ? { payload } : {}),
    });
  const repliesTo = (commentId: string) =>
    harness.fake.sentMessages().filter((message) => message.recipient.comment_id === commentId);
  const traceOf = async (commentId: string) => {
    const { rows } = await harness.app.database.executeSql(
      `select t.* from assistant_traces t join comments c on t.event_key = 'comment:' || c.id
        where c.instagram_comment_id = $1`,
      [commentId],
    );
    return rows;
  };
  const comment = (id: string, mediaId: string, text: string, from: string) =>
    commentPayload(brand.account.accountId, {
      id,
      text,
      from: { id: from, username: from.replace('-', '.') },
      media: { id: mediaId, media_product_type: 'REELS' },
    });
  const answered = async (commentId: string) => {
    const [trace] = await waitForRows(() => traceOf(commentId), 1);
    return trace!;
  };

  beforeAll(async () => {
    harness = await createInstagramHarness({ workers: true, timeoutMs: 5000 });
    brand = await createConnectedBrand(harness);
    await harness.app.catalog.connections.connect(brand.userId, brand.brandId, { platform: 'sample' });
    const { rows } = await harness.app.database.executeSql(
      `select p.id, p.title from catalog_products p join store_connections c on c.id = p.connection_id
        where c.brand_id = $1 and p.title ilike '%hoodie%' order by p.title limit 1`,
      [brand.brandId],
    );
    product = rows[0] as { id: string; title: string };
    expect(product).toBeDefined();

    // Made first, so without the named-post-first order it would be tried first and catch every 🔥.
    const anyPost = await api('POST', `/api/brands/${brand.brandId}/automation-rules`, {
      name: 'Any post fire',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
      actionConfig: { type: 'private_reply_product_link' },
    });
    expect(anyPost.statusCode).toBe(201);
    anyPostRuleId = anyPost.json().id;
    const named = await api('POST', `/api/brands/${brand.brandId}/automation-rules`, {
      name: 'Hoodie reel fire',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'], mediaId: '17900000000000001' },
      actionConfig: {
        type: 'private_reply_product_link',
        productId: product.id,
        productTitle: product.title,
        dmText: 'Hi {first_name}! Here is the {product} from the reel: {product_link}',
      },
    });
    expect(named.statusCode).toBe(201);
    namedRuleId = named.json().id;
    expect(named.json().trigger).toBe('A comment on post 17900000000000001 contains the 🔥 emoji');
    expect(named.json().action).toBe(
      `Send the commenter a DM with the link to ${product.title}: "Hi {first_name}! Here is the {product} from the reel: {product_link}"`,
    );
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it("a bare 🔥 on the named reel gets that product's DM, once, though Instagram delivers it twice", async () => {
    const payload = comment('comment-reel-1', '17900000000000001', '🔥', 'fan-one');
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    const trace = await answered('comment-reel-1');
    expect(trace).toMatchObject({ outcome: 'replied', rule_id: namedRuleId, product_id: product.id });
    const sent = await waitForRows(() => repliesTo('comment-reel-1'), 1);
    const link = trace.link_url as string;
    expect(link).toMatch(/^https?:\/\//);
    // The first automated message of the thread also says it is automated (the brand's setting).
    expect(sent[0]!.text.startsWith(`Hi Fan! Here is the ${product.title} from the reel: ${link}`)).toBe(
      true,
    );
    // Replayed again after the answer: still one DM and one trace.
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          await countRows(harness.app, 'select 1 from instagram_events where processed_at is null'),
        ).toBe(0),
      { timeout: 10_000, interval: 25 },
    );
    expect(await traceOf('comment-reel-1')).toHaveLength(1);
    expect(repliesTo('comment-reel-1')).toHaveLength(1);
  });

  it('the same 🔥 on another post falls to the any-post rule', async () => {
    expect(
      (await postWebhook(harness.app, comment('comment-other-1', '17900000000000002', '🔥', 'fan-two')))
        .statusCode,
    ).toBe(200);
    const trace = await answered('comment-other-1');
    expect(trace).toMatchObject({ rule_id: anyPostRuleId });
    expect(trace.product_id).toBeNull();
  });

  it('the rule list counts each firing of the last 30 days, and lists the posts comments are on', async () => {
    const rules = (await api('GET', `/api/brands/${brand.brandId}/automation-rules`)).json() as {
      id: string;
      firedLast30Days: number;
    }[];
    expect(rules.find((rule) => rule.id === namedRuleId)?.firedLast30Days).toBe(1);
    expect(rules.find((rule) => rule.id === anyPostRuleId)?.firedLast30Days).toBe(1);
    const posts = (await api('GET', `/api/brands/${brand.brandId}/commented-posts`)).json() as {
      mediaId: string;
      comments: number;
      lastComment: string;
    }[];
    expect(posts.map((post) => post.mediaId).sort()).toEqual(['17900000000000001', '17900000000000002']);
    expect(posts.find((post) => post.mediaId === '17900000000000001')).toMatchObject({
      comments: 1,
      lastComment: '🔥',
    });
  });

  it('"test this rule" answers as the real comment would and sends nothing', async () => {
    const before = harness.fake.sentMessages().length;
    const named = await api('POST', `/api/automation-rules/${namedRuleId}/test`, { text: '🔥' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ fired: true, outcome: 'replied' });
    expect(named.json().reply).toContain(`Here is the ${product.title} from the reel: http`);
    // On the named reel the any-post rule is hidden: the named one applies instead.
    const hidden = await api('POST', `/api/automation-rules/${anyPostRuleId}/test`, {
      text: 'love it 🔥',
      mediaId: '17900000000000001',
    });
    expect(hidden.json()).toMatchObject({ fired: false, appliedRule: { id: namedRuleId } });
    const nothing = await api('POST', `/api/automation-rules/${namedRuleId}/test`, { text: 'nice colours' });
    expect(nothing.json()).toMatchObject({ fired: false, appliedRule: null, reply: '' });
    expect(harness.fake.sentMessages()).toHaveLength(before);
  });

  it('refuses a rule naming something that is not a product or post, in sentences and with the field path', async () => {
    const response = await api('POST', `/api/brands/${brand.brandId}/automation-rules`, {
      name: 'Broken',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'], mediaId: 'https://instagram.com/p/x' },
      actionConfig: { type: 'private_reply_product_link', productId: 'hoodie' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { issues: { path: string; message: string }[] };
    expect(body.issues).toEqual(
      expect.arrayContaining([
        {
          path: 'triggerConfig.mediaId',
          message: "That doesn't look like a post id: use the digits Instagram gives the post.",
        },
        { path: 'actionConfig.productId', message: 'Choose the product the DM sends from the list.' },
      ]),
    );
    const empty = await api('POST', `/api/automation-rules/${namedRuleId}/test`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([
      { path: 'text', message: 'Write a comment or message to test the rule with.' },
    ]);
  });
});
