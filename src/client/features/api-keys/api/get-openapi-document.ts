import { queryOptions, useQuery } from '@tanstack/react-query';
import { openApiPath, type OpenApiDocument } from '#contracts/openapi.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { openApiKeys } from '#client/lib/query-keys.ts';

/** GET /api/openapi.json, for the API reference page; it changes only with a new release. */
export const getOpenApiDocument = async (): Promise<OpenApiDocument> =>
  (await apiRequest('GET', openApiPath)).json() as Promise<OpenApiDocument>;

export const openApiDocumentQueryOptions = () =>
  queryOptions({ queryKey: openApiKeys.document, queryFn: getOpenApiDocument, staleTime: Infinity });

export const useOpenApiDocument = () => useQuery(openApiDocumentQueryOptions());
