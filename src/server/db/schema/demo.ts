import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, primaryUuid, timestamptz } from './columns.ts';

/**
 * Demo bookings. One live booking per date and slot, enforced by the database: of any number of
 * simultaneous requests for one slot, exactly one insert succeeds and the rest fail with 23505. A booking held
 * for confirmation (decision 031) that was not confirmed in time is released (released_at), which frees its slot
 * while the row still counts against its address's and email's daily limits.
 */
export const demoBookings = pgTable(
  'demo_bookings',
  {
    id: primaryUuid(),
    /** The Pacific calendar date, yyyy-MM-dd. */
    date: date('date', { mode: 'string' }).notNull(),
    /** The slot text as offered, e.g. `9:00 AM` (Pacific time). */
    timeSlot: text('time_slot').notNull(),
    /** The real start instant. */
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    createdAt: createdAtNow(),
    /** The booker's address (an IPv6 one cut to its /64), counted against DEMO_BOOKINGS_PER_ADDRESS_PER_DAY. */
    ipAddress: text('ip_address'),
    /** Set while the booking awaits confirmation from its email; null once confirmed or for one never held. */
    holdUntil: timestamptz('hold_until'),
    /** SHA-256 of the confirmation link's token, while held. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When an unconfirmed hold gave its slot back. */
    releasedAt: timestamptz('released_at'),
  },
  (table) => [
    uniqueIndex('demo_bookings_date_time_slot_key')
      .on(table.date, table.timeSlot)
      .where(sql`${table.releasedAt} is null`),
    uniqueIndex('demo_bookings_confirm_token_hash_key').on(table.confirmTokenHash),
    index('demo_bookings_starts_at_idx').on(table.startsAt),
    index('demo_bookings_ip_address_created_at_idx').on(table.ipAddress, table.createdAt),
    index('demo_bookings_email_created_at_idx').on(sql`lower(${table.email})`, table.createdAt),
    index('demo_bookings_created_at_idx').on(table.createdAt),
  ],
);

export type DemoBookingRow = typeof demoBookings.$inferSelect;
