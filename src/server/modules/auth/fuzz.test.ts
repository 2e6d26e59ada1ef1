import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from '#tests/support/test-app.ts';

/** Values a hostile or broken client might put in any field. */
const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.emailAddress(),
  fc.constantFrom('', ' ', 'a@b.co', 'x'.repeat(129), '/\\evil', '//evil.example', '\u0000', '__proto__'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const field = (name: string) => fc.option(fc.tuple(fc.constant(name), anyValue), { nil: undefined });

/** Bodies that mostly look like the real thing, with any field possibly missing, wrong or extra. */
const body = fc
  .tuple(
    field('email'),
    field('password'),
    field('firstName'),
    field('lastName'),
    field('returnTo'),
    fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 }),
  )
  .map(([...parts]) => {
    const extra = parts.pop() as Record<string, unknown>;
    const entries = (parts as ([string, unknown] | undefined)[]).filter((p) => p !== undefined);
    return { ...extra, ...Object.fromEntries(entries) };
  });

/** Well-formed bodies with arbitrary text, so the service (hashing, storing, limits) runs too. */
const plausible = fc.record({
  firstName: fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }),
  lastName: fc.string({ minLength: 1, maxLength: 100 }),
  email: fc.oneof(
    fc.stringMatching(/^[a-z0-9._-]{1,30}$/).map((local) => `${local}@example.com`),
    fc.emailAddress(),
  ),
  password: fc.string({ minLength: 8, maxLength: 128 }),
  returnTo: fc.option(fc.string({ maxLength: 50 }), { nil: undefined }),
});

const rawBody = fc.oneof(
  plausible.map((b) => JSON.stringify(b)),
  body.map((b) => JSON.stringify(b)),
  fc.string({ maxLength: 200 }),
  fc.json(),
);

describe('fuzzing the sign-up and sign-in bodies: never a 500', () => {
  let counter = 0;
  let accepted = 0;
  const app = useTestApp();

  for (const url of ['/api/auth/signup', '/api/auth/login']) {
    it(`POST ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(rawBody, async (payload) => {
          counter += 1;
          const response = await app.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': 'application/json' },
            // A new address per request: the per-address limits are tested elsewhere.
            remoteAddress: `10.9.${Math.floor(counter / 250) % 250}.${counter % 250}`,
          });
          expect(response.statusCode, `${response.statusCode} ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
          else accepted += 1;
        }),
        { numRuns: 150 },
      );
      // The property reached past validation too, not only the 400 path.
      if (url.endsWith('signup')) expect(accepted).toBeGreaterThan(0);
    }, 120_000);
  }
});
