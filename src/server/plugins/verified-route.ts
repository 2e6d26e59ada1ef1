import type { z } from 'zod';
import { errorResponseSchema } from '#contracts/errors.ts';
import { requireVerifiedUser } from './auth.ts';

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
 * and success answer, and the OpenAPI document lists the same errors for each.
 */
export function verifiedRoutes<Errors extends Responses>(errors: Errors) {
  return <Schema extends RouteSchema>(
    schema: Schema,
  ): {
    preHandler: typeof requireVerifiedUser;
    schema: Omit<Schema, 'response'> & { response: Schema['response'] & Errors };
  } => ({
    preHandler: requireVerifiedUser,
    schema: { ...schema, response: { ...schema.response, ...errors } },
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
