import { and, asc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { demoBookings } from '#server/db/schema/index.ts';

export type NewDemoBooking = Omit<typeof demoBookings.$inferInsert, 'id'>;

/** A booking that holds its slot: not released, and confirmed or still within its hold. */
const holdsItsSlot = (now: Date) =>
  and(isNull(demoBookings.releasedAt), or(isNull(demoBookings.holdUntil), gt(demoBookings.holdUntil, now)));

/** The slot texts already booked (or held for confirmation) on a Pacific date. */
export async function listBookedTimeSlots(db: Database, date: string, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ timeSlot: demoBookings.timeSlot })
    .from(demoBookings)
    .where(and(eq(demoBookings.date, date), holdsItsSlot(now)));
  return rows.map((row) => row.timeSlot);
}

/** Gives back a slot whose hold ran out unconfirmed, so the next insert for it can succeed. */
export async function releaseExpiredHold(db: Database, date: string, timeSlot: string, now: Date) {
  await db
    .update(demoBookings)
    .set({ releasedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(demoBookings.date, date),
        eq(demoBookings.timeSlot, timeSlot),
        isNull(demoBookings.releasedAt),
        lte(demoBookings.holdUntil, now),
      ),
    );
}

/** Bookings made since a moment: in all, from one address, and for one email (any case). */
export async function countRecentBookings(
  db: Database,
  params: { since: Date; ipAddress: string; email: string },
): Promise<{ all: number; byAddress: number; byEmail: number }> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      byAddress: sql<number>`(count(*) filter (where ${demoBookings.ipAddress} = ${params.ipAddress}))::int`,
      byEmail: sql<number>`(count(*) filter (where lower(${demoBookings.email}) = lower(${params.email})))::int`,
    })
    .from(demoBookings)
    .where(gte(demoBookings.createdAt, params.since));
  return {
    all: Number(row?.all ?? 0),
    byAddress: Number(row?.byAddress ?? 0),
    byEmail: Number(row?.byEmail ?? 0),
  };
}

/** Confirms a held booking by its token's hash while the hold lasts; the booking, or undefined. */
export async function confirmHeldBooking(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(demoBookings)
    .set({ holdUntil: null, confirmTokenHash: null })
    .where(
      and(
        eq(demoBookings.confirmTokenHash, tokenHash),
        isNull(demoBookings.releasedAt),
        gt(demoBookings.holdUntil, now),
      ),
    )
    .returning();
  return row;
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
    .where(and(gte(demoBookings.endsAt, now), holdsItsSlot(now)))
    .orderBy(asc(demoBookings.startsAt))
    .limit(limit);
}

export async function countDemoBookings(db: Database): Promise<number> {
  return await db.$count(demoBookings);
}
