import { createServer, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback.ts';

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1: POST /v1/chat/completions
 * answers from a script, one step per request, in the documented wire format (tool_calls with JSON-string
 * arguments, finish_reason, usage). A step can read the request, e.g. to use an id a tool returned.
 */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
  tool_choice?: unknown;
}

export type ScriptStep =
  | { toolCalls: { name: string; arguments: Record<string, unknown> | string }[] }
  | { text: string }
  | { status: number; error: { message: string; type: string; code: string | null } }
  /** Never answer (the client's deadline must fire). */
  | { hang: true };

export interface FakeOpenAiCompatible {
  /** The base URL to configure (`LLM_BASE_URL`), ending in /v1. */
  url: string;
  requests: ChatRequest[];
  /** Steps answered in order; each is a value or a function of the request. */
  script(steps: (ScriptStep | ((request: ChatRequest) => ScriptStep))[]): void;
  /** Every JSON object the tool messages of the last request carried, parsed. */
  toolResults(request: ChatRequest): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startFakeOpenAiCompatible(): Promise<FakeOpenAiCompatible> {
  let steps: (ScriptStep | ((request: ChatRequest) => ScriptStep))[] = [];
  const requests: ChatRequest[] = [];
  let counter = 0;
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null },
        }),
      );
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    requests.push(body);
    const next = steps.shift();
    const step = typeof next === 'function' ? next(body) : (next ?? { text: 'OK.' });
    if ('hang' in step) {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if ('status' in step) {
      response.writeHead(step.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { ...step.error, param: null } }));
      return;
    }
    counter += 1;
    const message =
      'toolCalls' in step
        ? {
            role: 'assistant',
            content: null,
            tool_calls: step.toolCalls.map((call, index) => ({
              id: `call_${counter}_${index}`,
              type: 'function',
              function: {
                name: call.name,
                arguments:
                  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
              },
            })),
          }
        : { role: 'assistant', content: step.text };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, finish_reason: 'toolCalls' in step ? 'tool_calls' : 'stop', message }],
        usage: { prompt_tokens: 100 + counter, completion_tokens: 20, total_tokens: 120 + counter },
      }),
    );
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      steps = [...next];
    },
    toolResults(request) {
      return request.messages
        .filter((message) => message.role === 'tool' && typeof message.content === 'string')
        .map((message) => JSON.parse(message.content!) as Record<string, unknown>);
    },
    async close() {
      for (const response of hanging) response.destroy();
      await closeServer(server);
    },
  };
}
