import { z } from './zod.ts';

/** Where the API's OpenAPI 3.1 document is served (decision 044). */
export const openApiPath = '/api/openapi.json';

/** The document's outline as the API reference page reads it; every other field passes through untouched. */
const operationSchema = z.looseObject({
  summary: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z
    .array(z.looseObject({ name: z.string(), in: z.string(), required: z.boolean().optional() }))
    .optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), z.looseObject({})) }).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string().optional() })),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type OpenApiOperation = z.infer<typeof operationSchema>;

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
