import { listUpcomingDemoBookings } from '#server/modules/demo/queries.ts';
import { UsageError, type CliCommand } from '../command.ts';

export const demosCommand: CliCommand = {
  name: 'demos',
  summary: 'List upcoming demo bookings (Pacific time), soonest first',
  usage: '[--limit N]',
  options: { limit: { type: 'string' } },
  validate(values) {
    if (values.limit !== undefined && !/^[1-9]\d{0,3}$/.test(String(values.limit))) {
      throw new UsageError('--limit must be a whole number from 1 to 9999');
    }
  },
  async run({ database, out }, values) {
    const limit = values.limit ? Number(values.limit) : 100;
    const rows = await listUpcomingDemoBookings(database.db, new Date(), limit);
    if (rows.length === 0) {
      out('No upcoming demo bookings.');
      return;
    }
    for (const booking of rows) {
      const details = [booking.company, booking.phone].filter(Boolean).join(', ');
      out(
        `${booking.date}  ${booking.timeSlot.padStart(8)} PST  ${booking.name} <${booking.email}>${details ? `  (${details})` : ''}`,
      );
    }
    out(`${rows.length} upcoming demo${rows.length === 1 ? '' : 's'}.`);
  },
};
