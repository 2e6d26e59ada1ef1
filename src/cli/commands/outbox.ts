import { desc } from 'drizzle-orm';
import { mailOutbox } from '#server/db/schema/index.ts';
import { UsageError, type CliCommand } from '../command.ts';

export const outboxCommand: CliCommand = {
  name: 'outbox',
  summary: 'Show mail written to the outbox (when no SMTP_URL is set)',
  usage: '[--limit N] [--raw]',
  options: { limit: { type: 'string' }, raw: { type: 'boolean' } },
  validate(values) {
    if (values.limit !== undefined && !/^[1-9]\d{0,3}$/.test(String(values.limit))) {
      throw new UsageError('--limit must be a whole number from 1 to 9999');
    }
  },
  async run({ database, out }, values) {
    const limit = values.limit ? Number(values.limit) : 20;
    const rows = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    if (rows.length === 0) {
      out('The outbox is empty.');
      return;
    }
    for (const mail of rows) {
      out(`--- ${mail.createdAt.toISOString()}  to ${mail.to}`);
      out(`Subject: ${mail.subject}`);
      if (mail.attachments.length > 0) {
        out(`Attachments: ${mail.attachments.map((a) => `${a.filename} (${a.contentType})`).join(', ')}`);
      }
      out('');
      out(values.raw ? mail.raw : mail.text);
    }
  },
};
