import { rebuildAnalytics } from '#server/modules/analytics/rollup.ts';
import type { CliCommand } from '../command.ts';

export const rebuildAnalyticsCommand: CliCommand = {
  name: 'rebuild-analytics',
  summary: 'Rebuild the Performance roll-up from the messages, comments and assistant traces',
  async run({ database, out }) {
    const started = Date.now();
    const { brands } = await rebuildAnalytics(database.db);
    out(`Rebuilt the analytics roll-up of ${brands} brand(s) in ${Date.now() - started} ms.`);
  },
};
