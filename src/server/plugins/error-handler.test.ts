import { beforeAll, describe, expect, it } from 'vitest';
import { z } from '#contracts/zod.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors.ts';
import { useTestApp } from '#tests/support/test-app.ts';

describe('one error model for every route', () => {
  const app = useTestApp();
  beforeAll(async () => {
    const typed = app.app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test-echo',
      { schema: { body: z.object({ email: z.email(), count: z.number().int().max(5) }) } },
      async (request) => request.body,
    );
    typed.get('/api/test-conflict', async () => {
      throw new AppError('CONFLICT', 'That time slot was just booked.');
    });
    typed.get('/api/test-crash', async () => {
      throw new Error('secret database password in this message');
    });
  });

  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    app.app.inject({ method: 'POST', url: '/api/test-echo', payload, headers });

  it('answers a validation failure with 400 naming each field', async () => {
    const response = await post(JSON.stringify({ email: 'nope', count: 9 }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['count', 'email']);
    expect(body.message).toMatch(/email/);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await post('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON/i);
  });

  it('answers a body over 16 KB with 413', async () => {
    const response = await post(JSON.stringify({ email: 'a@b.co', count: 1, pad: 'x'.repeat(17 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Request body is too large');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await post('email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBeTruthy();
  });

  it('maps AppError codes to statuses with the message', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/test-conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'That time slot was just booked.', code: 'CONFLICT' });
  });

  it('hides the details of unexpected errors', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
  });
});
