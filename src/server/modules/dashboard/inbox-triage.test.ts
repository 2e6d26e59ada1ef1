import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { brandPersonalities, brands, conversations, messages } from '#server/db/schema/index.ts';
import {
  createSignedInMember,
  createSignedInUser,
  personalWorkspaceOf,
  useTestApp,
} from '#tests/support/test-app.ts';

/**
 * Triage in the inbox: unread per person (a buyer message newer than the person's `conversation_reads` row), the
 * `open` view that leaves resolved and archived conversations out, and counts that say what they count.
 */
let owner: { id: string; cookie: string };
let teammate: { id: string; cookie: string };
let outsider: { id: string; cookie: string };
let brandId: string;
const ids: Record<string, string> = {};

type Json = Record<string, unknown>;
const get = async (url: string, who = owner) =>
  (await app.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } })).json() as Json[];
const list = (query = '', who = owner) =>
  get(`/api/brands/${brandId}/conversations${query ? `?${query}` : ''}`, who);
const markRead = (id: string, who = owner) =>
  app.app.inject({ method: 'PUT', url: `/api/conversations/${id}/read`, headers: { cookie: who.cookie } });
const names = (rows: Json[]) => rows.map((row) => row.customerUsername).sort();

const app = useTestApp();
beforeAll(async () => {
  const { db } = app.database;
  owner = await createSignedInUser(db);
  teammate = await createSignedInMember(db, await personalWorkspaceOf(db, owner.id), 'agent');
  outsider = await createSignedInUser(db);
  const [brand] = await db
    .insert(brands)
    .values({ userId: owner.id, name: 'Triage', username: 'triage' })
    .returning({ id: brands.id });
  brandId = brand!.id;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  // Who wrote last decides the preview; a buyer message decides unread.
  const seeds = [
    { name: 'asker', status: 'active', buyer: true, texts: ['Is the hoodie in stock?'] },
    { name: 'waiter', status: 'escalated', buyer: true, texts: ['Hello?', 'x'.repeat(300)] },
    { name: 'done', status: 'resolved', buyer: true, texts: ['Thanks!'] },
    { name: 'old', status: 'archived', buyer: true, texts: ['Bye'] },
    { name: 'quiet', status: 'active', buyer: false, texts: [] },
  ];
  for (const [index, seed] of seeds.entries()) {
    const at = minutesAgo(10 - index);
    const [row] = await db
      .insert(conversations)
      .values({
        brandId,
        customerUsername: seed.name,
        customerInstagramId: `igsid-${seed.name}`,
        status: seed.status,
        lastMessageAt: at,
        lastCustomerMessageAt: seed.buyer ? at : null,
      })
      .returning({ id: conversations.id });
    ids[seed.name] = row!.id;
    for (const [position, text] of seed.texts.entries()) {
      await db.insert(messages).values({
        conversationId: row!.id,
        brandId,
        sender: 'customer',
        content: text,
        createdAt: new Date(at.getTime() - (seed.texts.length - position) * 1000),
      });
    }
  }
}, 60_000);

describe('unread, per person', () => {
  it('lists each conversation with its unread state and the newest message as a preview', async () => {
    const rows = await list();
    const byName = Object.fromEntries(rows.map((row) => [row.customerUsername, row]));
    expect(byName.asker).toMatchObject({ unread: true, preview: 'Is the hoodie in stock?' });
    expect(byName.quiet).toMatchObject({ unread: false, preview: null });
    // The newest message, cut to one line's worth.
    expect(byName.waiter!.preview).toBe('x'.repeat(140));
  });

  it('opening marks it read for that person only; a newer buyer message makes it unread again', async () => {
    expect((await markRead(ids.asker!)).statusCode).toBe(204);
    const mine = await list();
    expect(mine.find((row) => row.id === ids.asker)).toMatchObject({ unread: false });
    const theirs = await list('', teammate);
    expect(theirs.find((row) => row.id === ids.asker)).toMatchObject({ unread: true });

    await app.database.db
      .update(conversations)
      .set({ lastCustomerMessageAt: sql`now() + interval '1 second'` })
      .where(eq(conversations.id, ids.asker!));
    expect((await list()).find((row) => row.id === ids.asker)).toMatchObject({ unread: true });
    // Marking again reads up to the newest buyer message.
    await markRead(ids.asker!);
    expect((await list()).find((row) => row.id === ids.asker)).toMatchObject({ unread: false });
  });

  it('filters to unread, and counts them for the same filters', async () => {
    expect(names(await list('unread=true'))).toEqual(['done', 'old', 'waiter']);
    expect(names(await list('unread=true', teammate))).toEqual(['asker', 'done', 'old', 'waiter']);
    const counts = (
      await app.app.inject({
        method: 'GET',
        url: `/api/brands/${brandId}/inbox-counts?status=open`,
        headers: { cookie: owner.cookie },
      })
    ).json() as Json;
    expect(counts).toEqual({ conversations: 3, unread: 1, comments: 0 });
  });

  it('refuses outsiders and bad filters by name', async () => {
    expect((await markRead(ids.asker!, outsider)).statusCode).toBe(404);
    expect((await markRead('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await app.app.inject({
      method: 'GET',
      url: `/api/brands/${brandId}/conversations?unread=yes`,
      headers: { cookie: owner.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/unread/i);
  });
});

describe('the open view', () => {
  it('leaves resolved and archived conversations out; a status shows them', async () => {
    expect(names(await list('status=open'))).toEqual(['asker', 'quiet', 'waiter']);
    expect(names(await list('status=resolved'))).toEqual(['done']);
    expect(names(await list('status=archived'))).toEqual(['old']);
    expect(names(await list())).toHaveLength(5);
    const both = await list('status=open&unread=true');
    expect(names(both)).toEqual(['waiter']);
  });
});

describe('the setup checklist', () => {
  it('ticks each step from what the workspace has stored, for its members only', async () => {
    const { db } = app.database;
    const me = await createSignedInUser(db);
    const checklist = async () =>
      (
        await app.app.inject({ method: 'GET', url: '/api/setup-checklist', headers: { cookie: me.cookie } })
      ).json();
    const done = async () => {
      const body = (await checklist()) as { steps: { id: string; done: boolean }[] };
      return body.steps.filter((step) => step.done).map((step) => step.id);
    };
    expect(await checklist()).toEqual({
      steps: ['brand', 'instagram', 'store', 'voice', 'assistant', 'active'].map((id) => ({
        id,
        done: false,
      })),
      complete: false,
      sampleInstagram: false,
    });

    const [brand] = await db
      .insert(brands)
      .values({ userId: me.id, name: 'Setup', username: 'setup.brand', active: false })
      .returning({ id: brands.id });
    expect(await done()).toEqual(['brand']);
    await db.insert(brandPersonalities).values({ brandId: brand!.id, archetype: 'sage', tone: 'friendly' });
    // The sample account, as seed-demo connects it (modules/channel/connections.ts).
    await app.database.executeSql(
      `insert into instagram_connections (brand_id, account_id, username, access_token_sealed, sample)
       values ($1, $2, 'setup.brand', '', true)`,
      [brand!.id, `sample-${brand!.id}`],
    );
    await app.catalog.connections.connect(me.id, brand!.id, { platform: 'sample' });
    expect(await done()).toEqual(['brand', 'instagram', 'store', 'voice']);
    expect(await checklist()).toMatchObject({ sampleInstagram: true, complete: false });

    await app.database.executeSql(
      `insert into assistant_traces (brand_id, event_key, outcome, intent, provider, total_ms, trace)
       values ($1, 'setup-trace', 'replied', 'availability', 'embedded', 5, '{}'::jsonb)`,
      [brand!.id],
    );
    await db.update(brands).set({ active: true }).where(eq(brands.id, brand!.id));
    expect(await checklist()).toMatchObject({ complete: true });

    // Another workspace's checklist is not the caller's to read.
    const other = await app.app.inject({
      method: 'GET',
      url: '/api/setup-checklist',
      headers: { cookie: outsider.cookie, 'x-workspace-id': await personalWorkspaceOf(db, me.id) },
    });
    expect(other.statusCode).toBe(404);
  });
});
