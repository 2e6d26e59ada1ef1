import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contracts/errors.ts';
import { openApiDocumentSchema, openApiPath } from '#contracts/openapi.ts';
import { SESSION_COOKIE } from '#server/auth/sessions.ts';
import { requireAdmin, requireUser, requireVerifiedUser } from './auth.ts';

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0];

const guards = new Set<unknown>([requireUser, requireVerifiedUser, requireAdmin]);

/** The onRequest and preHandler hooks a route runs, where the sign-in guards sit (a function or several). */
function routeHooks(route: RouteOptions | undefined): unknown[] {
  return [route?.onRequest, route?.preHandler].flatMap((hooks) =>
    hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks],
  );
}

/**
 * A querystring of any names (a zod record, as the OAuth callbacks take) is one free-form parameter in OpenAPI
 * (`style: form`, `explode: true`); @fastify/swagger would otherwise read the record's keywords as parameter
 * names.
 */
function freeFormQuery(querystring: unknown): unknown {
  if (!querystring || typeof querystring !== 'object' || 'properties' in querystring) return querystring;
  return {
    type: 'object',
    style: 'form',
    explode: true,
    properties: { query: { ...querystring, description: 'Any query parameters, as sent' } },
  };
}

/**
 * Each route's zod schemas to JSON Schema (fastify-type-provider-zod), plus what every route shares but does not
 * write in its own schema: the error shape for any other status (the error handler answers every failure with
 * it), who may call it (a bearer key or the session cookie for signed-in routes, the session only for the admin
 * team's, nobody in particular for public ones) and a tag from the path. Only /api routes are documented.
 */
function transform(input: TransformInput) {
  const { url, route } = input as TransformInput & { route?: RouteOptions };
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const schema = (input.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  const guarded = routeHooks(route).filter((hook) => guards.has(hook));
  const security: Record<string, string[]>[] = guarded.includes(requireAdmin)
    ? [{ sessionCookie: [] }]
    : guarded.length > 0
      ? [{ bearerAuth: [] }, { sessionCookie: [] }]
      : [];
  const tag = url.split('/')[2] ?? 'api';
  const withShared = {
    ...schema,
    tags: (schema.tags as string[] | undefined) ?? [tag],
    security,
    response: { ...schema.response, default: errorResponseSchema },
  };
  const transformed = zodTransform({ ...input, schema: withShared as unknown as TransformInput['schema'] });
  const out = transformed.schema as Record<string, unknown> | undefined;
  if (out?.querystring) out.querystring = freeFormQuery(out.querystring);
  return transformed;
}

/**
 * The OpenAPI 3.1 document (decision 044), generated from the routes' own zod schemas so it cannot drift from
 * what the server validates. Registered before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Voicecart API',
        version: '1',
        description:
          'Every route under /api. Call it with an API key made on the API settings screen ' +
          '(`Authorization: Bearer vc_…`); the key acts in its workspace with its role. Errors answer ' +
          '`{ message, code, issues }`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (`vc_` and 43 characters), made by a workspace owner or admin.',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform,
  });
}

/** Serves the document; public, like the routes it describes are discoverable anyway. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    openApiPath,
    {
      schema: {
        summary: 'This OpenAPI 3.1 document',
        response: { 200: openApiDocumentSchema },
      },
    },
    // The zod response schema checks the outline on the way out; the rest passes through as generated.
    async () => openApiDocumentSchema.parse(app.swagger()),
  );
}
