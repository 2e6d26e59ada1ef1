import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, expect, it } from 'vitest';
import { z } from '#contracts/zod.ts';
import { sendCreated } from './verified-route.ts';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
afterAll(() => app.close());

const thing = z.object({ id: z.string() });
app.post('/things', { schema: { response: { 201: thing } } }, async (_request, reply) =>
  sendCreated(reply, Promise.resolve({ id: 'made' })),
);

// What `reply.status(201).send(...)` refuses, sendCreated refuses too (the type check is this file's `tsc` run).
app.post('/things/wrong', { schema: { response: { 201: thing } } }, async (_request, reply) =>
  // @ts-expect-error the body is not the 201 schema's
  sendCreated(reply, Promise.resolve({ name: 'made' })),
);
app.post('/things/partial', { schema: { response: { 201: thing } } }, async (_request, reply) =>
  // @ts-expect-error an id that may be missing is not the 201 schema's required id
  sendCreated(reply, Promise.resolve<{ id?: string }>({})),
);
app.post('/things/read', { schema: { response: { 200: thing } } }, async (_request, reply) =>
  // @ts-expect-error the route answers no 201
  sendCreated(reply, Promise.resolve({ id: 'made' })),
);

it('answers 201 with what the promise gives', async () => {
  const response = await app.inject({ method: 'POST', url: '/things' });
  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual({ id: 'made' });
});
