/** The fields of a PostgreSQL error that callers tell errors apart by (node-postgres and PGlite alike). */
interface PostgresErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** The error and each error it wraps (`cause`: Drizzle wraps the driver's error), once each. */
function* chainOf(error: unknown): Generator<PostgresErrorFields> {
  const seen = new Set<unknown>();
  for (
    let current = error;
    current && typeof current === 'object' && !seen.has(current);
    current = (current as { cause?: unknown }).cause
  ) {
    seen.add(current);
    yield current as PostgresErrorFields;
  }
}

const namesConstraint = (fields: PostgresErrorFields, constraint: string) =>
  fields.constraint === constraint ||
  (typeof fields.message === 'string' && fields.message.includes(constraint));

/** PostgreSQL's unique_violation (23505), on the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const fields of chainOf(error)) {
    if (fields.code === '23505' && (constraint === undefined || namesConstraint(fields, constraint)))
      return true;
  }
  return false;
}

/** PostgreSQL's foreign_key_violation (23503): a row refers to one that is not there. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (const fields of chainOf(error)) if (fields.code === '23503') return true;
  return false;
}

/**
 * Text PostgreSQL cannot store: NUL (`\u0000`) in `text` (22021 character_not_in_repertoire) or in `jsonb`
 * (22P05 untranslatable_character). The statement failed, so nothing was written.
 */
export function isUnstorableText(error: unknown): boolean {
  for (const fields of chainOf(error)) if (fields.code === '22021' || fields.code === '22P05') return true;
  return false;
}
