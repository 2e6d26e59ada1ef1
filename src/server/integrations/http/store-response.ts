import { z } from '#contracts/zod.ts';

/**
 * What the Shopify and WooCommerce clients throw when a store answers 2xx with a body of a shape we do not know.
 * Each platform has its own class (`ShopifyResponseError`, `WooCommerceResponseError`), a kind `bad_response` of
 * the platform's error, so callers that already sort store failures by platform keep working; this is what the
 * two share.
 */
export type StorePlatform = 'shopify' | 'woocommerce';

export interface StoreResponseError extends Error {
  readonly platform: StorePlatform;
  /** The call that got the answer, e.g. `GraphQL Products` or `GET /products`: never a query string or a token. */
  readonly endpoint: string;
  /** The first field that is not as expected, e.g. `products.nodes[0].variants.nodes[1].price`. */
  readonly path: string;
}

export function isStoreResponseError(error: unknown): error is StoreResponseError {
  return (
    error instanceof Error &&
    'platform' in error &&
    'endpoint' in error &&
    'path' in error &&
    typeof error.path === 'string'
  );
}

/** `a.b[0].c` from zod's path; the whole answer when the path is empty. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(the whole answer)';
}

/** The kind of value a store sent where another was expected: its type, never the value. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

type Issue = z.core.$ZodIssue;

function problemOf(issue: Issue): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined
      ? `missing (expected ${issue.expected})`
      : `expected ${issue.expected}, received ${kindOf(issue.input)}`;
  }
  return issue.message;
}

/**
 * The first issue of a failed parse, as a path and a few words of our own ("expected string, received object"):
 * the same whatever error map the process installed, naming the type received and never the value, so no store
 * data or secret reaches a message. A field that may take several types says which ones.
 */
export function firstIssueOf(error: z.ZodError): { path: string; problem: string } {
  const issue = error.issues[0];
  if (!issue) return { path: formatIssuePath([]), problem: 'not as expected' };
  if (issue.code === 'invalid_union') {
    const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
    const allTypes = branches.every((first) => first.code === 'invalid_type' && first.path.length === 0);
    if (branches.length > 0 && allTypes) {
      const expected = [
        ...new Set(branches.map((first) => (first.code === 'invalid_type' ? first.expected : ''))),
      ];
      const received = issue.input === undefined ? 'nothing' : kindOf(issue.input);
      return {
        path: formatIssuePath(issue.path),
        problem: `expected ${expected.join(' or ')}, received ${received}`,
      };
    }
    const first = branches[0];
    if (first) return { path: formatIssuePath([...issue.path, ...first.path]), problem: problemOf(first) };
  }
  return { path: formatIssuePath(issue.path), problem: problemOf(issue) };
}

export type StoreAnswer<T> =
  { success: true; data: T } | { success: false; issue: { path: string; problem: string } };

/** Parses what a store sent; on failure, its first issue in our words (see `firstIssueOf`). */
export function parseStoreAnswer<S extends z.ZodType>(schema: S, value: unknown): StoreAnswer<z.output<S>> {
  // The input is reported only so the issue can name the type received; the error itself is dropped here.
  const parsed = schema.safeParse(value, { reportInput: true });
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, issue: firstIssueOf(parsed.error) };
}

/** A webhook body after its signature holds, or why it was refused: not JSON, or the first wrong field. */
export type ParsedWebhookBody<T> = { success: true; body: T } | { success: false; reason: string };

/** A signed body (raw bytes) read with its topic's schema; the reason names the first wrong field when it does not fit. */
export function parseWebhookBody<T>(schema: z.ZodType<T>, topic: string, raw: Buffer): ParsedWebhookBody<T> {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { success: false, reason: 'the body is not JSON' };
  }
  const parsed = parseStoreAnswer(schema, json);
  if (parsed.success) return { success: true, body: parsed.data };
  const { issue } = parsed;
  return { success: false, reason: `${topic || 'webhook'} body at ${issue.path}: ${issue.problem}` };
}

export function unexpectedAnswerMessage(endpoint: string, path: string, problem: string): string {
  return `The store answered ${endpoint} unexpectedly at ${path}: ${problem}`;
}

/** A nullable field, also accepted when left out (read as null): stores omit what they have no value for. */
export const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value): z.output<T> | null => value ?? null);

/** An ISO time (the store's own change time orders the mirror's writes). */
export const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a time');

/** An id JSON carries as a number or a string (64-bit ids), kept as its decimal string. */
export const numericId = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
  .transform(String);

/** A decimal amount a store writes as a string (some plugins as a number), kept as the string. */
export const decimalString = z
  .union([z.string().regex(/^-?\d+(\.\d+)?$/, 'not a decimal amount'), z.number().finite()])
  .transform(String);
