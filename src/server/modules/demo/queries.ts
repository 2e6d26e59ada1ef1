import { asc, eq, gte } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { demoBookings } from '#server/db/schema/index.ts';

export type NewDemoBooking = Omit<typeof demoBookings.$inferInsert, 'id' | 'createdAt'>;

/** The slot texts already booked on a Pacific date. */
export async function listBookedTimeSlots(db: Database, date: string): Promise<string[]> {
  const rows = await db
    .select({ timeSlot: demoBookings.timeSlot })
    .from(demoBookings)
    .where(eq(demoBookings.date, date));
  return rows.map((row) => row.timeSlot);
}

/** Inserts one booking; a second booking of the same date and slot fails with 23505 (unique violation). */
export async function insertDemoBooking(db: Database, booking: NewDemoBooking) {
  const [row] = await db.insert(demoBookings).values(booking).returning({
    id: demoBookings.id,
    date: demoBookings.date,
    timeSlot: demoBookings.timeSlot,
    startsAt: demoBookings.startsAt,
    endsAt: demoBookings.endsAt,
    name: demoBookings.name,
    email: demoBookings.email,
  });
  return row!;
}

/** Bookings whose demo has not ended yet, soonest first. */
export async function listUpcomingDemoBookings(db: Database, now: Date, limit: number) {
  return db
    .select({
      id: demoBookings.id,
      date: demoBookings.date,
      timeSlot: demoBookings.timeSlot,
      startsAt: demoBookings.startsAt,
      name: demoBookings.name,
      email: demoBookings.email,
      company: demoBookings.company,
      phone: demoBookings.phone,
    })
    .from(demoBookings)
    .where(gte(demoBookings.endsAt, now))
    .orderBy(asc(demoBookings.startsAt))
    .limit(limit);
}

export async function countDemoBookings(db: Database): Promise<number> {
  return await db.$count(demoBookings);
}
