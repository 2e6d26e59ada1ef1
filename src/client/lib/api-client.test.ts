import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { ApiError, apiRequest, getQueryFn, getServerMessage, isApiError } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const context = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

describe('apiRequest', () => {
  it('sends credentials, a JSON content type and the JSON body when there is a body', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/email-subscribe', { email: 'a@b.co', type: 'landing footer' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/email-subscribe');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co","type":"landing footer"}',
    });
  });

  it('sends neither content type nor body when there is no body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/things/1');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(init).not.toHaveProperty('headers');
    expect(init).not.toHaveProperty('body');
  });

  it('throws `status: body text` for any non-OK response', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"message":"Slot taken"}', { status: 409, statusText: 'Conflict' }),
    );
    await expect(apiRequest('POST', '/api/demo/schedule', {})).rejects.toThrow(
      '409: {"message":"Slot taken"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('joins the query key segments with slashes, includes credentials and parses JSON', async () => {
    fetchMock.mockResolvedValue(Response.json([{ id: 'c1' }]));
    const data = await getQueryFn({ on401: 'throw' })(context(['/api/brands', 'b1', 'conversations']));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/brands/b1/conversations');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
    expect(data).toEqual([{ id: 'c1' }]);
  });

  it('throws on 401 by default', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });

  it('returns null on 401 when configured to', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('still throws other errors when returning null on 401', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).rejects.toThrow(
      '500: boom',
    );
  });
});

describe('ApiError', () => {
  it('carries the status and the body of the answer, not only a message', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"message":"Slot taken"}', { status: 409, statusText: 'Conflict' }),
    );
    const error = await apiRequest('POST', '/api/demo/schedule', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, body: '{"message":"Slot taken"}' });
    expect(isApiError(error, 409)).toBe(true);
    expect(isApiError(error, 404)).toBe(false);
  });

  it('is not claimed by an error that only looks like one', () => {
    expect(isApiError(new Error('409: {"message":"Slot taken"}'), 409)).toBe(false);
  });
});

describe('getServerMessage', () => {
  it('reads the message of a JSON error body', () => {
    expect(getServerMessage(new ApiError(409, '{"message":"That time slot was just booked."}'))).toBe(
      'That time slot was just booked.',
    );
  });
  it('uses a plain text body as is', () => {
    expect(getServerMessage(new ApiError(400, 'Bad date'))).toBe('Bad date');
  });
  it('gives null for errors that carry no server words', () => {
    expect(getServerMessage(new Error('Failed to fetch'))).toBeNull();
    expect(getServerMessage(new Error('400: Bad date'))).toBeNull();
    expect(getServerMessage(new ApiError(502, '<html>Bad gateway</html>'))).toBeNull();
    expect(getServerMessage(new ApiError(503, '  '))).toBeNull();
    expect(getServerMessage('nope')).toBeNull();
  });
});
