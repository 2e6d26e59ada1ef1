import { boolean, foreignKey, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { brands, conversations, messages, ownedByBrand } from './dashboard.ts';
import { createdAtNow, oneRowPer, primaryUuid, updatedAtNow } from './columns.ts';

/** Per-brand assistant settings. A brand without a row uses the defaults. */
export const brandAssistantSettings = pgTable('brand_assistant_settings', {
  brandId: oneRowPer('brand_id', () => brands.id),
  /** The first automated reply in a conversation says it is automated. On by default. */
  discloseAutomation: boolean('disclose_automation').notNull().default(true),
  updatedAt: updatedAtNow(),
});

/**
 * One row per inbound event the assistant handled: what it understood, the facts it used and what
 * it did, built from the pipeline's step outputs. `event_key` (`message:<id>` / `comment:<id>`) is unique, so a
 * replayed event records one trace; `message_id` is the AI message the reply was stored as (null when silent).
 */
export const assistantTraces = pgTable(
  'assistant_traces',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull().unique(),
    messageId: uuid('message_id')
      .unique()
      .references(() => messages.id, { onDelete: 'set null' }),
    /** 'replied' | 'silent' | 'failed'. */
    outcome: text('outcome').notNull(),
    ruleId: uuid('rule_id'),
    ruleName: text('rule_name'),
    intent: text('intent').notNull(),
    productId: uuid('product_id'),
    productTitle: text('product_title'),
    variantId: uuid('variant_id'),
    variantTitle: text('variant_title'),
    stockQuantity: integer('stock_quantity'),
    stockAvailable: boolean('stock_available'),
    /** 'live' | 'mirror'. */
    stockSource: text('stock_source'),
    linkUrl: text('link_url'),
    /** 'embedded' | 'llm'. */
    provider: text('provider').notNull(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    totalMs: integer('total_ms').notNull(),
    /** The whole trace as shown to brand owners (steps, timings, fallbacks). */
    trace: jsonb('trace').notNull(),
    createdAt: createdAtNow(),
  },
  (table) => [
    index('assistant_traces_conversation_idx').on(table.conversationId, table.createdAt),
    index('assistant_traces_brand_created_idx').on(table.brandId, table.createdAt),
  ],
);

export type AssistantTraceRow = typeof assistantTraces.$inferSelect;

/**
 * What a conversation has in play for the assistant after its last reply (decision 037): the product, the options
 * settled, the quantity, the question asked, the language. `previous` is the state before `event_key`'s event, so
 * a replay of that event reads what it read the first time.
 */
export const assistantConversationState = pgTable(
  'assistant_conversation_state',
  {
    conversationId: uuid('conversation_id').primaryKey(),
    state: jsonb('state').notNull(),
    previous: jsonb('previous'),
    eventKey: text('event_key').notNull(),
    updatedAt: updatedAtNow(),
  },
  (table) => [
    // Named here: the name drizzle-kit would give it is 64 characters, one more than PostgreSQL keeps.
    foreignKey({
      name: 'assistant_conversation_state_conversation_id_fk',
      columns: [table.conversationId],
      foreignColumns: [conversations.id],
    }).onDelete('cascade'),
  ],
);
