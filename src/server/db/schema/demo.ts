import { date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Demo bookings. One booking per date and slot, enforced by the database: of any number of
 * simultaneous requests for one slot, exactly one insert succeeds and the rest fail with 23505.
 */
export const demoBookings = pgTable(
  'demo_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Pacific calendar date, yyyy-MM-dd. */
    date: date('date', { mode: 'string' }).notNull(),
    /** The slot text as offered, e.g. `9:00 AM` (Pacific time). */
    timeSlot: text('time_slot').notNull(),
    /** The real start instant. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('demo_bookings_date_time_slot_key').on(table.date, table.timeSlot),
    index('demo_bookings_starts_at_idx').on(table.startsAt),
  ],
);

export type DemoBookingRow = typeof demoBookings.$inferSelect;
