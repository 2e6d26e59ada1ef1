import type { z } from 'zod';
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
