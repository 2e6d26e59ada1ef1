import { validate, compileErrors } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.ts';
import { registeredRoutes } from '#tests/support/routes.ts';

/** The OpenAPI document (decision 044): valid OpenAPI 3.1, and every /api route in it with what it takes. */
let document: {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { securitySchemes: Record<string, unknown> };
};

const app = useTestApp();
beforeAll(async () => {
  const response = await app.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
}, 60_000);

/** Fastify's `:param` as OpenAPI's `{param}`. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // A copy: the validator dereferences in place. No external references are followed (nothing is fetched).
    const result = await validate(structuredClone(document) as never, { resolve: { external: false } });
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('has every registered /api route, and nothing outside /api', () => {
    const routes = registeredRoutes(app.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.split(' ')[1]!.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(60);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return !documented.has(`${method} ${openApiPath(path)}`);
    });
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('describes parameters, bodies, responses, errors and who may call each route', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const create = document.paths['/api/workspaces/{workspaceId}/api-keys']!.post as {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
      security: unknown[];
    };
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'workspaceId', in: 'path', required: true }),
    );
    expect(Object.keys(create.requestBody.content['application/json']!.schema.properties)).toEqual([
      'name',
      'role',
    ]);
    expect(create.responses['201']!.content!['application/json']!.schema).toMatchObject({
      properties: { key: { type: 'string' } },
    });
    for (const status of ['400', '401', '403', '404', 'default']) {
      expect(create.responses[status]!.content!['application/json']!.schema).toMatchObject({
        properties: { message: { type: 'string' } },
      });
    }
    expect(create.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    // A public route needs no credentials; the admin team's only a session.
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    const adminRoute = Object.entries(document.paths).find(([path]) => path.startsWith('/api/admin/'));
    expect(adminRoute).toBeDefined();
    expect(Object.values(adminRoute![1])[0]!.security).toEqual([{ sessionCookie: [] }]);
  });
});
