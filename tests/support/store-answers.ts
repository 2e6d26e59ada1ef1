import { expect } from 'vitest';
import { isStoreResponseError, type StorePlatform } from '#server/integrations/http/store-response.ts';

/** What the call threw (it must throw). */
export async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

/**
 * A store's 2xx answer of a shape we do not know, as both platforms' clients report it: the shared
 * `bad_response` error naming the call and the first wrong field, with the whole message people see.
 */
export function expectBadStoreAnswer(
  error: unknown,
  expected: { platform: StorePlatform; endpoint: string; path: string; message: string },
): void {
  expect(isStoreResponseError(error)).toBe(true);
  expect(error).toMatchObject({
    kind: 'bad_response',
    platform: expected.platform,
    endpoint: expected.endpoint,
    path: expected.path,
  });
  expect((error as Error).message).toBe(expected.message);
}
