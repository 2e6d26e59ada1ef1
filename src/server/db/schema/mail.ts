import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtNow, primaryUuid } from './columns.ts';

/**
 * Mail written here instead of sent when no SMTP server is configured (the embedded default),
 * so nothing is lost and a person can read it with `npm run admin -- outbox`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: primaryUuid(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The whole RFC 5322 message as it would have gone over SMTP. */
    raw: text('raw').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAtNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
