import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { describeAction, describeTrigger } from '#contracts/automation.ts';
import {
  automationRules,
  brandPersonalities,
  brands,
  comments,
  conversations,
  messages,
} from '#server/db/schema/index.ts';
import type { Database } from '#server/db/client.ts';
import { connectSampleAccount } from '#server/modules/channel/connections.ts';
import { catalogSettingsFromConfig, createCatalogModule } from '#server/modules/catalog/service.ts';
import { createUnavailableSecretBox } from '#server/security/secret-box.ts';
import { demoAutomationRules, demoBrands } from '../demo-data.ts';
import { findUserByEmail } from '../users.ts';
import { emailArgument, requireString, type CliCommand } from '../command.ts';

const MINUTE_MS = 60_000;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
/** Messages of one conversation are this far apart, ending at its lastMessageAt. */
const MESSAGE_GAP_MS = 2 * MINUTE_MS;

/** The user's brand with the demo brand's username (its natural key), if one was made already. */
async function findDemoBrand(db: Database, userId: string, username: string) {
  const [brand] = await db
    .select({ id: brands.id, username: brands.username })
    .from(brands)
    .where(and(eq(brands.userId, userId), eq(brands.username, username)))
    .limit(1);
  return brand;
}

/** Inserts the rows whose natural key is free and says how many those were (a second run inserts none). */
async function insertNew<Table extends PgTable>(db: Database, table: Table, rows: PgInsertValue<Table>[]) {
  const inserted = await db.insert(table).values(rows).onConflictDoNothing().returning();
  return inserted.length;
}

/**
 * Sample brands, conversations, comments, personalities and rules for one user. Idempotent: every
 * row has a natural key (brand username per user, Instagram ids per brand, rule name per brand), so a second
 * run inserts nothing. Only the named user's rows are read or written.
 */
export const seedDemoCommand: CliCommand = {
  name: 'seed-demo',
  summary: 'Give a user three sample brands with conversations, comments, personalities and rules',
  ...emailArgument,
  async run({ config, database, out }, values) {
    const email = requireString(values, 'email').toLowerCase();
    const user = await findUserByEmail(database.db, email);
    const now = Date.now();
    const counts = { brands: 0, conversations: 0, messages: 0, comments: 0, rules: 0 };

    await database.db.transaction(async (tx) => {
      // Two runs at once for the same user wait for each other instead of both inserting the brands.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seed-demo:${user.id}`}))`);
      for (const [brandIndex, demo] of demoBrands.entries()) {
        let brand = await findDemoBrand(tx, user.id, demo.username);
        if (!brand) {
          // Brands were "made" a day apart, oldest first, so the list order is the demo order. Their connection
          // flags are left to what connects: the sample store and the sample Instagram account below.
          const createdAt = new Date(now - (demoBrands.length - brandIndex) * 24 * 60 * MINUTE_MS);
          [brand] = await tx
            .insert(brands)
            .values({
              userId: user.id,
              name: demo.name,
              username: demo.username,
              active: demo.active,
              createdAt,
              updatedAt: createdAt,
            })
            .returning({ id: brands.id, username: brands.username });
          counts.brands += 1;
        }
        const brandId = brand!.id;

        await tx
          .insert(brandPersonalities)
          .values({ brandId, ...demo.personality })
          .onConflictDoNothing();

        counts.rules += await insertNew(
          tx,
          automationRules,
          demoAutomationRules.map((rule, ruleIndex) => ({
            brandId,
            ...rule,
            trigger: describeTrigger(rule.triggerConfig),
            action: describeAction(rule.actionConfig),
            createdAt: new Date(now - (10 - ruleIndex) * MINUTE_MS),
          })),
        );

        for (const [index, chat] of demo.conversations.entries()) {
          const lastMessageAt = new Date(now - chat.minutesAgo * MINUTE_MS);
          const sentAt = (messageIndex: number) =>
            new Date(lastMessageAt.getTime() - (chat.messages.length - 1 - messageIndex) * MESSAGE_GAP_MS);
          // As the channel's processor keeps it: the inbox's unread dot and Instagram's reply window read it.
          const lastFromBuyer = chat.messages.findLastIndex((message) => message.sender === 'customer');
          const inserted = await tx
            .insert(conversations)
            .values({
              brandId,
              customerUsername: chat.customerUsername,
              customerInstagramId: `demo-${demo.key}-customer-${index + 1}`,
              status: chat.status,
              lastMessageAt,
              lastCustomerMessageAt: lastFromBuyer === -1 ? null : sentAt(lastFromBuyer),
              createdAt: new Date(lastMessageAt.getTime() - chat.messages.length * MESSAGE_GAP_MS),
            })
            .onConflictDoNothing()
            .returning({ id: conversations.id });
          const conversation = inserted[0];
          if (!conversation) continue;
          counts.conversations += 1;
          if (chat.messages.length === 0) continue;
          const rows = chat.messages.map((message, messageIndex) => ({
            conversationId: conversation.id,
            brandId,
            instagramMessageId: `demo-${demo.key}-${index + 1}-${messageIndex + 1}`,
            sender: message.sender,
            content: message.content,
            inventoryChecked: message.inventoryChecked ?? false,
            createdAt: sentAt(messageIndex),
          }));
          counts.messages += await insertNew(tx, messages, rows);
        }

        const commentRows = demo.comments.map((comment, index) => ({
          brandId,
          instagramCommentId: `demo-${demo.key}-comment-${index + 1}`,
          username: comment.username,
          content: comment.content,
          replied: comment.replyContent !== undefined,
          replyContent: comment.replyContent ?? null,
          mediaId: comment.mediaId,
          createdAt: new Date(now - comment.minutesAgo * MINUTE_MS),
        }));
        counts.comments += await insertNew(tx, comments, commentRows);
      }
    });

    // The brands meant to have a store get the built-in sample store (no credentials, so no secret box);
    // connecting it is what shows them as store-connected.
    const catalog = createCatalogModule({
      db: database.db,
      secretBox: createUnavailableSecretBox(),
      settings: catalogSettingsFromConfig(config),
    });
    let stores = 0;
    for (const demo of demoBrands.filter((brand) => brand.hasSampleStore)) {
      const brand = await findDemoBrand(database.db, user.id, demo.username);
      if (!brand || (await catalog.connections.getStatus(user.id, brand.id))) continue;
      await catalog.connections.connect(user.id, brand.id, { platform: 'sample' });
      stores += 1;
    }

    // Every sample brand gets the sample Instagram account (decision 041): replies and simulated buyer messages
    // work in the demo, and nothing leaves the machine. A brand with an account of its own keeps it.
    let instagramAccounts = 0;
    for (const demo of demoBrands) {
      const brand = await findDemoBrand(database.db, user.id, demo.username);
      if (brand && (await connectSampleAccount(database.db, brand))) instagramAccounts += 1;
    }

    out(
      `Demo data for ${email}: added ${plural(counts.brands, 'brand')}, ` +
        `${plural(counts.conversations, 'conversation')}, ${plural(counts.messages, 'message')}, ` +
        `${plural(counts.comments, 'comment')}, ${plural(counts.rules, 'automation rule')}, ` +
        `${plural(stores, 'sample store')}, ${plural(instagramAccounts, 'sample Instagram account')}.`,
    );
  },
};
