import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then stops jobs and closes the database', async () => {
    const runtime = await createTestApp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    runtime.app.get('/api/test-slow', async () => {
      entered();
      await gate;
      return { done: true };
    });
    const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/test-slow`);
    await inHandler;
    const closing = runtime.close();
    // Nothing new is served while closing (refused, or 503 from Fastify's return503OnClosing)...
    const late = await fetch(`${address}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    // ...but the request already in the handler completes.
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(runtime.database.executeSql('select 1', [])).rejects.toThrow();
  });
});
