import { useId } from 'react';
import type { OpenApiDocument, OpenApiOperation } from '#contracts/openapi.ts';
import { openApiPath } from '#contracts/openapi.ts';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { useOpenApiDocument } from '../api/get-openapi-document.ts';

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** The operations by their first tag, in the document's order. */
function byTag(document: OpenApiDocument): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'api';
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return [...groups.entries()];
}

function who(operation: OpenApiOperation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'Public';
  if (schemes.includes('bearerAuth')) return 'API key (Bearer) or a signed-in session';
  return 'A signed-in session only';
}

/** The top-level fields of a JSON request body, as `name (type)`, required ones marked. */
function bodyFields(operation: OpenApiOperation): string[] {
  const schema = operation.requestBody?.content['application/json']?.schema as
    { properties?: Record<string, { type?: unknown }>; required?: string[]; oneOf?: unknown[] } | undefined;
  if (!schema) return [];
  if (!schema.properties) return [schema.oneOf ? 'One of several shapes (see the JSON document)' : 'JSON'];
  return Object.entries(schema.properties).map(([name, property]) => {
    const type = Array.isArray(property.type) ? property.type.join(' | ') : String(property.type ?? 'value');
    return `${name} (${type})${schema.required?.includes(name) ? ', required' : ''}`;
  });
}

function Operation({ entry }: { entry: Entry }) {
  const { method, path, operation } = entry;
  const parameters = operation.parameters ?? [];
  const fields = bodyFields(operation);
  const statuses = Object.keys(operation.responses);
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs font-semibold text-white">
          {method}
        </span>
        <code className="font-mono text-sm break-all text-slate-900">{path}</code>
      </p>
      {operation.summary && <p className="mt-1 text-sm text-slate-700">{operation.summary}</p>}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Who may call</dt>
        <dd className="text-slate-700">{who(operation)}</dd>
        {parameters.length > 0 && (
          <>
            <dt className="font-medium text-slate-700">Parameters</dt>
            <dd className="break-words text-slate-700">
              {parameters
                .map(
                  (parameter) =>
                    `${parameter.name} (${parameter.in}${parameter.required ? ', required' : ''})`,
                )
                .join(', ')}
            </dd>
          </>
        )}
        {fields.length > 0 && (
          <>
            <dt className="font-medium text-slate-700">Body</dt>
            <dd className="break-words text-slate-700">{fields.join(', ')}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">Answers</dt>
        <dd className="text-slate-700">
          {statuses
            .map((status) => (status === 'default' ? 'any other status: an error' : status))
            .join(', ')}
        </dd>
      </dl>
    </li>
  );
}

/** A readable page of the OpenAPI document: every route by area, built here from the JSON (nothing fetched). */
export function ApiReference() {
  const document = useOpenApiDocument();
  const headingId = useId();
  if (document.isPending) return <LoadingState label="Loading the API reference..." />;
  if (document.isError) {
    return (
      <ErrorState
        title="Could not load the API reference"
        error={document.error}
        onRetry={() => void document.refetch()}
      />
    );
  }
  const groups = byTag(document.data);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-700">
        {document.data.info.title}, OpenAPI {document.data.openapi}. Errors answer{' '}
        <code className="font-mono">{'{ message, code, issues }'}</code>. The machine-readable document is at{' '}
        <a className="font-medium text-brand-700 underline" href={openApiPath}>
          {openApiPath}
        </a>
        .
      </p>
      <nav aria-labelledby={headingId}>
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          Areas
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {groups.map(([tag]) => (
            <li key={tag}>
              <a className="text-brand-700 underline" href={`#api-${tag.replace(/\W+/g, '-')}`}>
                {tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([tag, entries]) => (
        <section key={tag} id={`api-${tag.replace(/\W+/g, '-')}`} aria-label={tag}>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{tag}</h2>
          <ul className="flex flex-col gap-3">
            {entries.map((entry) => (
              <Operation key={`${entry.method} ${entry.path}`} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
