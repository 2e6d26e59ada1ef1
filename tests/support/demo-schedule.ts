import type { DemoSchedule } from '#server/modules/demo/slots.ts';

/** The default demo schedule (config.ts: 09:00 to 16:00, hourly, 30-minute calls), written out for the tests. */
export const hourlySchedule: DemoSchedule = {
  times: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'],
  minutes: 30,
};

/** What a weekday offers with the default schedule, as people see and the database stores it. */
export const hourlySlotLabels = [
  '9:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '1:00 PM',
  '2:00 PM',
  '3:00 PM',
  '4:00 PM',
];
