import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The columns most tables declare the same way. Each helper is the exact builder chain the tables wrote out
 * before, so the tables and the generated SQL stay as the migrations created them.
 */

/** A uuid primary key the database fills in (`gen_random_uuid()`). */
export const primaryUuid = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAtNow = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed. */
export const updatedAtNow = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to the row that owns this one: deleting the owner deletes it too. */
export const ownedBy = <Name extends string>(name: Name, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });
