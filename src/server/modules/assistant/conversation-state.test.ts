import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { assistantConversationState, conversations, messages } from '#server/db/schema/index.ts';
import { conversationState } from '#tests/support/assistant-pipeline.ts';
import { createMemoryCatalog, sampleProducts } from '#tests/support/memory-catalog.ts';
import { createStoringChannel } from '#tests/support/storing-channel.ts';
import { createTestBrand, createTestUser, useTestApp } from '#tests/support/test-app.ts';
import * as queries from './queries.ts';
import { createAssistantService } from './service.ts';

/**
 * The conversation's state lives in the database (decision 037): a follow-up answered by a restarted service, or
 * by another instance on its own database handle, changes only what it changes.
 */

describe('conversation state across a restart and two instances', () => {
  let second: DatabaseHandle | null = null;
  let brandId: string;
  const catalog = createMemoryCatalog(sampleProducts());

  const app = useTestApp();
  beforeAll(async () => {
    const user = await createTestUser(app.database.db);
    brandId = (
      await createTestBrand(app.database.db, { userId: user.id, name: 'Luna Wear', username: 'lunawear' })
    ).id;
    // On PostgreSQL the other instance has its own connection pool; PGlite lives in one process, one handle.
    if (app.database.url)
      second = await openDatabase({ kind: 'postgres', url: app.database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await second?.close();
  });

  async function customerSays(conversationId: string | null, text: string) {
    const db = app.database.db;
    let id = conversationId;
    if (!id) {
      const [conversation] = await db
        .insert(conversations)
        .values({ brandId, customerUsername: 'jane.doe', customerInstagramId: `buyer-${Date.now()}` })
        .returning();
      id = conversation!.id;
    }
    const [message] = await db
      .insert(messages)
      .values({ brandId, conversationId: id, sender: 'customer', content: text })
      .returning();
    return { conversationId: id, messageId: message!.id };
  }

  const serviceOn = (handle: DatabaseHandle) =>
    createAssistantService({ db: handle.db, catalog, channel: createStoringChannel(handle.db) });

  it('answers a follow-up after a restart and on another instance from the stored state', async () => {
    const first = await customerSays(null, 'is the cloud hoodie available in M red?');
    const one = await serviceOn(app.database).respond({ kind: 'message', messageId: first.messageId });
    expect(one).toMatchObject({ answerKind: 'out_of_stock', variant: { title: 'M / Red' } });

    // A new service (a restart): nothing in memory, the state comes from the database.
    const follow = await customerSays(first.conversationId, 'and in blue?');
    const two = await serviceOn(app.database).respond({ kind: 'message', messageId: follow.messageId });
    expect(two).toMatchObject({
      answerKind: 'in_stock',
      product: { title: 'Cloud Hoodie', fromHistory: true },
      variant: { title: 'M / Blue' },
    });

    // Another instance (its own handle on PostgreSQL): only the quantity changes.
    const count = await customerSays(first.conversationId, 'ok 2 of those then');
    const three = await serviceOn(second ?? app.database).respond({
      kind: 'message',
      messageId: count.messageId,
    });
    expect(three).toMatchObject({ answerKind: 'in_stock', variant: { title: 'M / Blue' } });
    expect(three!.link).toMatch(/:2(\?|$)/);

    const [row] = await app.database.db
      .select()
      .from(assistantConversationState)
      .where(eq(assistantConversationState.conversationId, first.conversationId));
    expect(row).toMatchObject({ eventKey: `message:${count.messageId}` });
    expect(row!.state).toMatchObject({ quantity: 2, chosen: { Size: 'M', Color: 'Blue' } });
  });

  it('gives a replayed event the state it first read, not its own result', async () => {
    const { conversationId, messageId } = await customerSays(null, 'trail tee in M?');
    const before = conversationState({ productId: 'before' });
    await queries.saveConversationState(app.database.db, conversationId, 'message:earlier', before);
    const after = { ...before, productId: 'after' };
    await queries.saveConversationState(app.database.db, conversationId, `message:${messageId}`, after);
    // The replay saves again under the same event: "previous" stays the state from before it.
    await queries.saveConversationState(app.database.db, conversationId, `message:${messageId}`, after);
    const context = await queries.loadMessageEvent(app.database.db, messageId);
    expect(context?.state?.productId).toBe('before');
  });
});
