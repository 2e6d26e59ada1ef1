import { describe, expect, it } from 'vitest';
import { openApiPath } from '#contracts/openapi.ts';
import { getQueryFn } from './api-client.ts';
import { brandKeys, openApiKeys, workspaceKeys } from './query-keys.ts';

describe('query keys', () => {
  it('the API document key is the path the document is served at', () => {
    expect(openApiKeys.document).toEqual([openApiPath]);
  });

  it('a key without filters is a prefix of the filtered keys, so invalidating it reaches all of them', () => {
    const filtered = brandKeys.conversations('b1', {
      q: 'ana',
      status: 'open',
      unread: '',
      startedOn: '',
      askedVariantId: '',
    });
    expect(filtered.slice(0, 3)).toEqual([...brandKeys.conversations('b1')]);
    expect(brandKeys.comments('b1', { q: 'x' }).slice(0, 2)).toEqual([...brandKeys.one('b1')]);
  });

  it('a key read by the default query function fetches its URL', async () => {
    const requested: string[] = [];
    const fetchStub = async (url: string) => {
      requested.push(url);
      return new Response('[]', { status: 200 });
    };
    const original = globalThis.fetch;
    globalThis.fetch = fetchStub as typeof fetch;
    try {
      const read = getQueryFn({ on401: 'throw' });
      for (const queryKey of [workspaceKeys.members('w1'), workspaceKeys.webhookDeliveries('w1', 'e1')]) {
        await read({ queryKey, signal: new AbortController().signal, meta: undefined } as never);
      }
    } finally {
      globalThis.fetch = original;
    }
    expect(requested).toEqual(['/api/workspaces/w1/members', '/api/workspaces/w1/webhooks/e1/deliveries']);
  });
});
