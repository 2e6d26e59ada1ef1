import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The columns most tables declare the same way. Each helper is the exact builder chain the tables wrote out
 * before, so the tables and the generated SQL stay as the migrations created them.
 */

/** A uuid primary key the database fills in (`gen_random_uuid()`). */
export const primaryUuid = () => uuid('id').primaryKey().defaultRandom();

/** A point in time: every timestamp is stored with its time zone (`timestamp with time zone`). */
export const timestamptz = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true });

/** A point in time the database fills in when the row is written (`not null default now()`). */
export const timestamptzNow = <Name extends string>(name: Name) => timestamptz(name).notNull().defaultNow();

/** When the row was written. */
export const createdAtNow = () => timestamptzNow('created_at');

/** When the row last changed. */
export const updatedAtNow = () => timestamptzNow('updated_at');

/** A required reference to the row that owns this one: deleting the owner deletes it too. */
export const ownedBy = <Name extends string>(name: Name, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** The key of a table with at most one row per owner row (its settings or state): the owner's id, deleted with it. */
export const oneRowPer = <Name extends string>(name: Name, owner: () => AnyPgColumn) =>
  uuid(name).primaryKey().references(owner, { onDelete: 'cascade' });
