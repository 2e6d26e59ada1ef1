import { describe, expect, it } from 'vitest';
import {
  assistantJobs,
  commentPayload,
  countRows,
  customerDm,
  drainInbox,
  postWebhook,
  useConnectedBrand,
} from '#tests/support/instagram.ts';
import { pruneOlderThan } from '#server/db/batched-delete.ts';
import { processedEventsRetention } from './inbox-retention.ts';

const setup = useConnectedBrand();

const app = () => setup.harness.app;

/** One DM delivery from a customer, as Instagram would send (and resend) it. */
const dmDelivery = (igsid: string, text: string) => {
  const account = setup.brand.account.accountId;
  return customerDm(account, igsid, { text });
};
const midOf = (delivery: ReturnType<typeof dmDelivery>) =>
  (delivery.entry[0]!.messaging[0]!.message as { mid: string }).mid;

const deliver = async (payload: unknown) => {
  expect((await postWebhook(app(), payload)).statusCode).toBe(200);
};

/** Moves an event's receipt and processing back in time (as if the inbox had been running that long). */
const age = async (dedupeKey: string, days: number) => {
  await app().database.executeSql(
    `update instagram_events set received_at = now() - make_interval(days => $2::int),
       processed_at = case when processed_at is null then null else now() - make_interval(days => $2::int) end
     where brand_id = $1 and dedupe_key = $3`,
    [setup.brand.brandId, days, dedupeKey],
  );
};

const inboxRows = (dedupeKey: string) =>
  countRows(app(), 'select 1 from instagram_events where brand_id = $1 and dedupe_key = $2', [
    setup.brand.brandId,
    dedupeKey,
  ]);
const messageRows = (mid: string) =>
  countRows(app(), 'select 1 from messages where brand_id = $1 and instagram_message_id = $2', [
    setup.brand.brandId,
    mid,
  ]);
const repliesTo = async (mid: string) => {
  const { rows } = await app().database.executeSql(
    'select id from messages where brand_id = $1 and instagram_message_id = $2',
    [setup.brand.brandId, mid],
  );
  const ids = new Set(rows.map((row) => row.id));
  return (await assistantJobs(app())).filter((job) => ids.has((job.data as { messageId?: string }).messageId))
    .length;
};

/** Deletes everything older than 30 days the tests left behind, so each test counts only its own rows. */
const pruneAll = () =>
  pruneOlderThan(app().database.db, { ...processedEventsRetention, olderThan: { days: 30 } });

describe('pruning the Instagram inbox (decision 008)', () => {
  it('deletes processed events past the retention, in batches until none is left; pending, failed and recent ones stay', async () => {
    await pruneAll();
    const old = Array.from({ length: 5 }, (_, index) => dmDelivery(`cust-old-${index}`, `old ${index}`));
    const recent = dmDelivery('cust-recent', 'recent');
    const almost = dmDelivery('cust-almost', 'nearly a month ago');
    const failed = dmDelivery('cust-failed', 'set aside');
    for (const delivery of [...old, recent, almost, failed]) await deliver(delivery);
    await drainInbox(app());
    // Stored but not processed yet, for longer than the retention (a stuck thread): it must wait for its job.
    const pending = dmDelivery('cust-pending', 'waiting');
    await deliver(pending);

    for (const delivery of old) await age(`message:${midOf(delivery)}`, 40);
    await age(`message:${midOf(almost)}`, 29);
    await age(`message:${midOf(pending)}`, 40);
    await app().database.executeSql(
      `update instagram_events set outcome = 'failed', error = 'kept failing' where dedupe_key = $1`,
      [`message:${midOf(failed)}`],
    );
    await age(`message:${midOf(failed)}`, 40);

    const result = await pruneOlderThan(app().database.db, {
      ...processedEventsRetention,
      olderThan: { days: 30 },
      batchSize: 2,
    });
    // 2 + 2 + 1: the short third batch shows nothing is left.
    expect(result).toEqual({ deleted: 5, statements: 3 });
    for (const delivery of old) expect(await inboxRows(`message:${midOf(delivery)}`)).toBe(0);
    for (const kept of [recent, almost, failed, pending])
      expect(await inboxRows(`message:${midOf(kept)}`)).toBe(1);
    // Only the inbox shrinks: the conversations' messages stay.
    for (const delivery of old) expect(await messageRows(midOf(delivery))).toBe(1);

    // A full last batch needs one more (empty) statement to know it was the last.
    for (const delivery of [recent, almost]) await age(`message:${midOf(delivery)}`, 31);
    expect(
      await pruneOlderThan(app().database.db, {
        ...processedEventsRetention,
        olderThan: { days: 30 },
        batchSize: 2,
      }),
    ).toEqual({
      deleted: 2,
      statements: 2,
    });
    expect(await pruneAll()).toEqual({ deleted: 0, statements: 1 });
    expect(await inboxRows(`message:${midOf(pending)}`)).toBe(1);
    expect(await inboxRows(`message:${midOf(failed)}`)).toBe(1);
  });

  it('a redelivery of a recent event after pruning is still deduplicated by the inbox', async () => {
    const recent = dmDelivery('cust-redelivered', 'is the tote back?');
    await deliver(recent);
    await drainInbox(app());
    const old = dmDelivery('cust-long-ago', 'hello from last month');
    await deliver(old);
    await drainInbox(app());
    await age(`message:${midOf(old)}`, 45);
    expect((await pruneAll()).deleted).toBeGreaterThanOrEqual(1);

    await deliver(recent);
    await deliver(recent);
    // Nothing new stored or pending, so no processing either.
    expect(await inboxRows(`message:${midOf(recent)}`)).toBe(1);
    expect(
      await countRows(app(), 'select 1 from instagram_events where brand_id = $1 and processed_at is null', [
        setup.brand.brandId,
      ]),
    ).toBe(0);
    await drainInbox(app());
    expect(await messageRows(midOf(recent))).toBe(1);
    expect(await repliesTo(midOf(recent))).toBe(1);
  });

  it('a replay of an event already pruned is stored again but adds no message, comment or reply', async () => {
    const dm = dmDelivery('cust-replayed', 'any discount codes?');
    const commentId = `comment-replayed-${Date.now()}`;
    const comment = commentPayload(setup.brand.account.accountId, {
      id: commentId,
      text: 'price?',
      from: { id: 'commenter-1', username: 'commenter' },
      media: { id: 'media-1' },
    });
    await deliver(dm);
    await deliver(comment);
    await drainInbox(app());
    const commentKey = `comment:${commentId}`;
    await age(`message:${midOf(dm)}`, 60);
    await age(commentKey, 60);
    await pruneAll();
    expect(await inboxRows(`message:${midOf(dm)}`)).toBe(0);
    expect(await inboxRows(commentKey)).toBe(0);

    // Far beyond Instagram's 36 hours of retries, but a replay must still not answer twice.
    await deliver(dm);
    await deliver(comment);
    await drainInbox(app());
    const { rows } = await app().database.executeSql(
      'select dedupe_key, outcome from instagram_events where brand_id = $1 and dedupe_key in ($2, $3) order by kind',
      [setup.brand.brandId, `message:${midOf(dm)}`, commentKey],
    );
    expect(rows).toEqual([
      { dedupe_key: commentKey, outcome: 'duplicate' },
      { dedupe_key: `message:${midOf(dm)}`, outcome: 'duplicate' },
    ]);
    expect(await messageRows(midOf(dm))).toBe(1);
    expect(await repliesTo(midOf(dm))).toBe(1);
    const { rows: stored } = await app().database.executeSql(
      'select id from comments where brand_id = $1 and instagram_comment_id = $2',
      [setup.brand.brandId, commentId],
    );
    expect(stored).toHaveLength(1);
    const commentJobs = (await assistantJobs(app())).filter(
      (job) => (job.data as { commentId?: string }).commentId === stored[0]!.id,
    );
    expect(commentJobs).toHaveLength(1);
  });
});
