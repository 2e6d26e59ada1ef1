import { and, eq, sql } from 'drizzle-orm';
import { assistantLimits, describeTrace } from '#contracts/assistant.ts';
import { brands } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { createLlmComposerFromConfig } from '#server/modules/assistant/composers/llm.ts';
import type { ChannelOutbound } from '#server/modules/assistant/ports.ts';
import { createAssistantService } from '#server/modules/assistant/service.ts';
import { catalogSettingsFromConfig, createCatalogModule } from '#server/modules/catalog/service.ts';
import { createSecretBoxFromKey, resolveEncryptionKey } from '#server/security/secret-box.ts';
import { findUserByEmail } from '../users.ts';
import { requireString, UsageError, type CliCommand } from '../command.ts';

/** The playground sends nothing; a channel that refuses keeps it that way even if a step tried. */
const refusingChannel: ChannelOutbound = {
  async sendDirectMessage() {
    throw new AppError('CONFLICT', 'simulate sends nothing');
  },
  async sendCommentReply() {
    throw new AppError('CONFLICT', 'simulate sends nothing');
  },
  async checkDirectMessageWindow() {
    return { allowed: true, humanAgentTag: false, closesAt: null };
  },
};

/** The playground from the command line: the reply and its trace for one message, nothing sent. */
export const simulateCommand: CliCommand = {
  name: 'simulate',
  summary: "Show the assistant's reply and trace for a buyer message (sends nothing)",
  usage: '--email E --brand NAME "message"',
  options: { email: { type: 'string' }, brand: { type: 'string' } },
  acceptsPositionals: true,
  validate(values) {
    requireString(values, 'email');
    requireString(values, 'brand');
    const message = typeof values._ === 'string' ? values._.trim() : '';
    if (!message) throw new UsageError('the buyer message is required');
    if (message.length > assistantLimits.messageMax)
      throw new UsageError(`the message must be at most ${assistantLimits.messageMax} characters`);
  },
  async run({ config, database, log, out }, values) {
    const email = requireString(values, 'email').toLowerCase();
    const brandName = requireString(values, 'brand');
    const message = String(values._).trim();
    const user = await findUserByEmail(database.db, email);
    const [brand] = await database.db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(and(eq(brands.userId, user.id), sql`lower(${brands.name}) = ${brandName.toLowerCase()}`))
      .limit(1);
    if (!brand) throw new Error(`${email} has no brand named "${brandName}"`);
    const secretBox = createSecretBoxFromKey(
      resolveEncryptionKey({
        encryptionKey: config.ENCRYPTION_KEY,
        dataDir: config.DATA_DIR,
        usesEmbeddedDatabase: !config.DATABASE_URL,
      }),
    );
    const catalog = createCatalogModule({
      db: database.db,
      secretBox,
      settings: catalogSettingsFromConfig(config),
      log,
    });
    const assistant = createAssistantService({
      db: database.db,
      catalog: catalog.answers,
      channel: refusingChannel,
      llm: createLlmComposerFromConfig(config, catalog.answers, log),
    });
    const { reply, trace } = await assistant.preview(user.id, brand.id, { message, history: [] });
    out(`Buyer: ${message}`);
    out(`${brand.name}: ${reply || '(no reply)'}`);
    out('');
    for (const line of describeTrace(trace)) out(`${line.label.padEnd(12)} ${line.value}`);
  },
};
