import type { FastifyReply } from 'fastify';
import { z } from '#contracts/zod.ts';
import { listPaging } from '#contracts/dashboard.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import { requireVerifiedUser } from './auth.ts';
import { perMinute } from './security.ts';

type Responses = Record<number, z.ZodType>;
interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  response: Responses;
}

/**
 * Options for the routes of one file that verified users call: `route(schema)` adds the sign-in check and the error
 * answers those routes share (`errors`) to the route's own schema, so each route states only its parameters, body
 * and success answer, and the OpenAPI document lists the same errors for each. `route(schema, { perMinute })`
 * also limits the route per client (`perMinute` of plugins/security.ts).
 */
export function verifiedRoutes<Errors extends Responses>(errors: Errors) {
  return <Schema extends RouteSchema>(
    schema: Schema,
    options: { perMinute?: number } = {},
  ): {
    preHandler: typeof requireVerifiedUser;
    schema: Omit<Schema, 'response'> & { response: Schema['response'] & Errors };
    config?: ReturnType<typeof perMinute>;
  } => ({
    preHandler: requireVerifiedUser,
    schema: { ...schema, response: { ...schema.response, ...errors } },
    ...(options.perMinute === undefined ? {} : { config: perMinute(options.perMinute) }),
  });
}

/** The error answers of a group of routes, each in the one error shape: `errorAnswers(400, 401, 403, 404)`. */
export function errorAnswers<Code extends number>(
  ...codes: Code[]
): Record<Code, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    Code,
    typeof errorResponseSchema
  >;
}

/** The answer of a route that answers nothing: 204 with no body (`reply.status(204).send(null)`). */
export const noContent = { 204: z.null() };

/**
 * A creating route's answer: 201 with what `creating` gives. `reply` is the route's own reply, seen as what
 * `status(201).send` takes; as function properties (not methods) TypeScript checks the body strictly against the
 * route's 201 schema, as it does for `reply.status(201).send(...)` written out.
 */
export async function sendCreated<Body, Sent>(
  reply: { status: (statusCode: 201) => { send: (body: NoInfer<Body>) => Sent } },
  creating: Promise<Body>,
): Promise<Sent> {
  return reply.status(201).send(await creating);
}

/** A list read's answer: the body is the plain list; the next page's cursor travels in a header. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; nextCursor: string | null }): T[] {
  if (page.nextCursor) reply.header(listPaging.cursorHeader, page.nextCursor);
  return page.items;
}
