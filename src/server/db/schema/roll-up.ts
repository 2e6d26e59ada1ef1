import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { date, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { PgColumn, PgColumnBuilderBase, PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { ownedByBrand } from './dashboard.ts';

/*
 * The analytics and revenue roll-ups (decisions 028, 039, 040) share one shape: the brand, the day or the month (its
 * first day), the columns that tell rows of that brand and period apart, and the figures. The primary key is the
 * brand, the period and those columns, in that order, named `<table>_pkey` as the migrations created it.
 */

type Columns = Record<string, PgColumnBuilderBase>;
type Table<Name extends string, All extends Columns> = BuildExtraConfigColumns<Name, All, 'pg'>;
type Day = ReturnType<typeof periods.day>;
type Month = ReturnType<typeof periods.month>;

const periods = {
  day: () => ({ brandId: ownedByBrand(), day: date('day').notNull() }),
  month: () => ({ brandId: ownedByBrand(), month: date('month').notNull() }),
};

function rollUpTable<Name extends string, Period extends Columns, Own extends Columns>(
  name: Name,
  periodColumns: Period,
  periodKey: (table: Table<Name, Period & Own>) => [PgColumn, PgColumn],
  columns: Own,
  key: (table: Table<Name, Period & Own>) => PgColumn[],
  extra: (table: Table<Name, Period & Own>) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { ...periodColumns, ...columns }, (table) => [
    primaryKey({ name: `${name}_pkey`, columns: [...periodKey(table), ...key(table)] }),
    ...extra(table),
  ]);
}

/**
 * A daily roll-up `name`: `columns` follow the brand and the day; `key` names those of them that complete the
 * primary key, `extra` adds constraints.
 */
export function dailyRollUp<Name extends string, Own extends Columns>(
  name: Name,
  columns: Own,
  key: (table: Table<Name, Day & Own>) => PgColumn[],
  extra: (table: Table<Name, Day & Own>) => PgTableExtraConfigValue[] = () => [],
) {
  return rollUpTable(name, periods.day(), (table) => [table.brandId, table.day], columns, key, extra);
}

/** The same for a monthly roll-up: `columns` follow the brand and the month. */
export function monthlyRollUp<Name extends string, Own extends Columns>(
  name: Name,
  columns: Own,
  key: (table: Table<Name, Month & Own>) => PgColumn[],
) {
  return rollUpTable(
    name,
    periods.month(),
    (table) => [table.brandId, table.month],
    columns,
    key,
    () => [],
  );
}
