import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAction,
  describeTrigger,
  ruleActionSchema,
  ruleTriggerSchema,
} from '#contracts/automation.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrate.ts';

// Branches merged together regenerate one 0001 migration (COMMON.md), so it is found by number, not name.
const readMigration = (prefix: string) => {
  const name = readdirSync(migrationsFolder).find((file) => file.startsWith(prefix) && file.endsWith('.sql'));
  return readFileSync(path.join(migrationsFolder, name!), 'utf8').replaceAll('--> statement-breakpoint', '');
};

/** Migration 0001 on rows written before it (decision 014): samples keep their meaning, the rest goes off. */
describe('migration 0001: structured rule configs', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.executeSql(readMigration('0000_initial.sql'));
    await database.executeSql(`
      insert into users (id, email) values ('00000000-0000-4000-8000-000000000001', 'owner@example.com');
      insert into brands (id, user_id, name, username)
        values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Brand', 'brand');
      insert into automation_rules (brand_id, name, trigger, action, active, created_at) values
        ('00000000-0000-4000-8000-000000000002', 'a', 'A message mentions a product name or SKU',
         'Check live inventory and reply with availability and a checkout link', true, now() - interval '4 minutes'),
        ('00000000-0000-4000-8000-000000000002', 'b', 'A comment contains the 🔥 emoji',
         'Send the commenter a DM with the product link', true, now() - interval '3 minutes'),
        ('00000000-0000-4000-8000-000000000002', 'c', 'A message arrives outside business hours (9am-6pm PST)',
         'Reply that the team will follow up during business hours', false, now() - interval '2 minutes'),
        ('00000000-0000-4000-8000-000000000002', 'd', 'Someone says hello',
         'Check live inventory and reply with availability and a checkout link', true, now() - interval '1 minute'),
        ('00000000-0000-4000-8000-000000000002', 'e', 'A message mentions a product name or SKU',
         'Send a coupon', true, now());
    `);
    // The migration that adds the configs (it may carry other branches' changes too after a merge).
    const next = readdirSync(migrationsFolder).find(
      (name) => name.startsWith('0001_') && name.endsWith('.sql'),
    )!;
    await database.executeSql(readMigration(next));
  });
  afterAll(() => database.close());

  it('gives the sample texts their structured form, switches unreadable rules off, and rewrites the texts', async () => {
    const { rows } = await database.executeSql(
      'select name, trigger, action, trigger_config, action_config, active from automation_rules order by created_at',
      [],
    );
    expect(rows.map((row) => [row.name, row.trigger_config, row.action_config, row.active])).toEqual([
      ['a', { type: 'product_mention' }, { type: 'answer_availability' }, true],
      ['b', { type: 'comment_keyword', keywords: ['🔥'] }, { type: 'private_reply_product_link' }, true],
      [
        'c',
        {
          type: 'outside_business_hours',
          opensAt: '09:00',
          closesAt: '18:00',
          timeZone: 'America/Los_Angeles',
          days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        },
        {
          type: 'fixed_text',
          text: 'Thanks for your message! Our team is offline right now and will follow up during business hours.',
        },
        false,
      ],
      // An unreadable trigger: nothing that could send is guessed, and the rule stops until its owner edits it.
      ['d', { type: 'first_message' }, { type: 'do_nothing' }, false],
      // An unreadable action keeps the readable trigger, does nothing and is off.
      ['e', { type: 'product_mention' }, { type: 'do_nothing' }, false],
    ]);
    for (const row of rows) {
      const trigger = ruleTriggerSchema.parse(row.trigger_config);
      const action = ruleActionSchema.parse(row.action_config);
      expect(row.trigger).toBe(describeTrigger(trigger));
      expect(row.action).toBe(describeAction(action));
    }
  });

  it('leaves both columns NOT NULL', async () => {
    const { rows } = await database.executeSql(
      `select column_name, is_nullable from information_schema.columns
        where table_name = 'automation_rules' and column_name in ('trigger_config', 'action_config') order by 1`,
      [],
    );
    expect(rows).toEqual([
      { column_name: 'action_config', is_nullable: 'NO' },
      { column_name: 'trigger_config', is_nullable: 'NO' },
    ]);
  });
});
