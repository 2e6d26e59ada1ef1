import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrate.ts';

const sqlOf = (name: string) =>
  readFileSync(path.join(migrationsFolder, name), 'utf8').replaceAll('--> statement-breakpoint', '');
const migrationFiles = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const before = migrationFiles.filter((name) => name < '0009');
const workspacesMigration = migrationFiles.find((name) => name.startsWith('0009_'))!;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Migration 0009 on a database seeded before it (decision 030): every user gets a personal workspace that they
 * own, every brand lands in its user's, and no row or id is lost.
 */
describe('migration 0009: workspaces', () => {
  let database: DatabaseHandle;
  const query = async (text: string) => (await database.executeSql(text, [])).rows;
  let snapshot: Record<string, unknown[]>;

  const tablesToKeep = ['users', 'brands', 'conversations', 'messages', 'comments', 'automation_rules'];

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    for (const name of before) await database.executeSql(sqlOf(name));
    // Three users, one without brands; brands with conversations, messages, comments and rules.
    const statements: string[] = [];
    for (let user = 1; user <= 3; user += 1) {
      statements.push(
        `insert into users (id, email, first_name, last_name) values ('${uuid(user)}', 'user${user}@example.com', ${user === 2 ? 'null' : `'First${user}'`}, null);`,
      );
    }
    for (let brand = 1; brand <= 4; brand += 1) {
      const owner = brand <= 3 ? 1 : 2;
      statements.push(
        `insert into brands (id, user_id, name, username) values ('${uuid(100 + brand)}', '${uuid(owner)}', 'Brand ${brand}', 'brand${brand}');`,
        `insert into conversations (id, brand_id, customer_username, customer_instagram_id) values ('${uuid(200 + brand)}', '${uuid(100 + brand)}', 'buyer${brand}', 'ig${brand}');`,
        `insert into messages (id, conversation_id, brand_id, sender, content) values ('${uuid(300 + brand)}', '${uuid(200 + brand)}', '${uuid(100 + brand)}', 'customer', 'hello ${brand}');`,
        `insert into comments (id, brand_id, instagram_comment_id, username, content) values ('${uuid(400 + brand)}', '${uuid(100 + brand)}', 'c${brand}', 'fan${brand}', 'nice ${brand}');`,
        `insert into automation_rules (id, brand_id, name, trigger, action, trigger_config, action_config) values ('${uuid(500 + brand)}', '${uuid(100 + brand)}', 'rule ${brand}', 'x', 'y', '{"type":"first_message"}', '{"type":"do_nothing"}');`,
      );
    }
    await database.executeSql(statements.join('\n'));
    snapshot = {};
    for (const table of tablesToKeep) snapshot[table] = await query(`select * from ${table} order by id`);
    await database.executeSql(sqlOf(workspacesMigration));
  });
  afterAll(() => database.close());

  it('keeps every row and id of the tables it touches and the ones under them', async () => {
    for (const table of tablesToKeep) {
      const rows = await query(`select * from ${table} order by id`);
      const kept = rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'workspace_id')),
      );
      expect(kept, table).toEqual(snapshot[table]);
    }
  });

  it("gives each user a personal workspace they own, named after them, and puts each brand in its user's", async () => {
    const workspaces = await query(`
      select w.personal_for, w.name, m.user_id, m.role from workspaces w
      join workspace_members m on m.workspace_id = w.id order by w.personal_for`);
    expect(workspaces).toEqual([
      { personal_for: uuid(1), name: 'First1', user_id: uuid(1), role: 'owner' },
      { personal_for: uuid(2), name: 'user2@example.com', user_id: uuid(2), role: 'owner' },
      { personal_for: uuid(3), name: 'First3', user_id: uuid(3), role: 'owner' },
    ]);
    const brands = await query(`
      select b.id, w.personal_for from brands b join workspaces w on w.id = b.workspace_id order by b.id`);
    expect(brands).toEqual([
      { id: uuid(101), personal_for: uuid(1) },
      { id: uuid(102), personal_for: uuid(1) },
      { id: uuid(103), personal_for: uuid(1) },
      { id: uuid(104), personal_for: uuid(2) },
    ]);
  });

  it('gives accounts made after it a personal workspace, and a brand inserted with only its creator goes there', async () => {
    await database.executeSql(`
      insert into users (id, email) values ('${uuid(9)}', 'late@example.com');
      insert into brands (id, user_id, name, username) values ('${uuid(109)}', '${uuid(9)}', 'Late', 'late');`);
    const [row] = await query(`
      select w.personal_for, m.role from brands b join workspaces w on w.id = b.workspace_id
      join workspace_members m on m.workspace_id = w.id and m.user_id = '${uuid(9)}'
      where b.id = '${uuid(109)}'`);
    expect(row).toEqual({ personal_for: uuid(9), role: 'owner' });
  });

  it("keeps a shared workspace's brands when their creator's account goes, and drops the personal ones", async () => {
    const [shared] = await query(`insert into workspaces (name) values ('Agency') returning id`);
    await database.executeSql(`
      insert into workspace_members (workspace_id, user_id, role) values ('${String(shared!.id)}', '${uuid(3)}', 'owner');
      insert into brands (id, workspace_id, user_id, name, username)
        values ('${uuid(110)}', '${String(shared!.id)}', '${uuid(3)}', 'Shared', 'shared');
      delete from users where id = '${uuid(3)}';`);
    expect(await query(`select id, user_id from brands where id = '${uuid(110)}'`)).toEqual([
      { id: uuid(110), user_id: null },
    ]);
    expect(await query(`select 1 from workspaces where personal_for = '${uuid(3)}'`)).toEqual([]);
  });

  it('refuses a role outside owner, admin and agent', async () => {
    const [workspace] = await query(`select id from workspaces where personal_for = '${uuid(1)}'`);
    await expect(
      database.executeSql(
        `insert into workspace_members (workspace_id, user_id, role) values ('${String(workspace!.id)}', '${uuid(2)}', 'boss')`,
      ),
    ).rejects.toThrow(/workspace_members_role_check/);
  });
});
