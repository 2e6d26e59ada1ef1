import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBookings } from '#server/db/schema/index.ts';
import { runAdminCli } from '#tests/support/cli.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';

describe('admin demos', () => {
  let database: TestDatabase;
  const run = (argv: string[]) => runAdminCli(database, argv);
  const hour = 60 * 60 * 1000;
  const booking = (
    name: string,
    startsInHours: number,
    date: string,
    timeSlot: string,
    company: string | null = null,
  ) => ({
    date,
    timeSlot,
    startsAt: new Date(Date.now() + startsInHours * hour),
    endsAt: new Date(Date.now() + startsInHours * hour + hour / 2),
    name,
    email: `${name.toLowerCase()}@example.com`,
    company,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('says so when there are no bookings', async () => {
    expect(await run(['demos'])).toEqual({ code: 0, out: 'No upcoming demo bookings.', err: '' });
  });

  it('lists upcoming bookings soonest first and leaves out finished ones', async () => {
    await database.db
      .insert(demoBookings)
      .values([
        booking('Later', 72, '2030-01-03', '2:00 PM', 'Acme'),
        booking('Past', -48, '2020-01-01', '9:00 AM'),
        booking('Soon', 24, '2030-01-02', '9:00 AM'),
      ]);
    const { code, out } = await run(['demos']);
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      '2030-01-02   9:00 AM PST  Soon <soon@example.com>',
      '2030-01-03   2:00 PM PST  Later <later@example.com>  (Acme)',
      '2 upcoming demos.',
    ]);
    expect((await run(['demos', '--limit', '1'])).out.split('\n')).toHaveLength(2);
  });

  it('rejects a bad --limit with a usage line (exit 2)', async () => {
    const { code, err } = await run(['demos', '--limit', 'all']);
    expect(code).toBe(2);
    expect(err).toMatch(/--limit must be a whole number[\s\S]*Usage: npm run admin -- demos \[--limit N\]/);
  });
});
