import OpenAI from 'openai';
import { IntegrationError } from '../integration-error.ts';

/**
 * The OpenAI-compatible chat completions provider: OpenAI, vLLM, Ollama, llama.cpp server,
 * LM Studio. A thin adapter over the official `openai` client (decision 013): messages and tools in, the
 * assistant message with normalised tool calls out, typed errors. No database, no catalog: token in, data out.
 */
export interface LlmToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface LlmToolCall {
  id: string;
  name: string;
  /** Parsed arguments; `null` when the model sent something that is not a JSON object. */
  arguments: Record<string, unknown> | null;
  rawArguments: string;
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface LlmTurn {
  content: string | null;
  toolCalls: LlmToolCall[];
  finishReason: string;
  usage: { promptTokens: number; completionTokens: number };
}

export type LlmErrorKind = 'timeout' | 'rate_limited' | 'quota' | 'server' | 'refused' | 'invalid_response';

export class LlmError extends IntegrationError<LlmErrorKind> {
  override name = 'LlmError';
}

export interface LlmClient {
  readonly model: string;
  chat(input: { messages: LlmMessage[]; tools: LlmToolDefinition[]; signal: AbortSignal }): Promise<LlmTurn>;
}

let syntheticIds = 0;

/** Some local stacks send arguments as an object and omit the id: normalise both. */
export function normaliseToolCall(raw: {
  id?: string | null;
  function?: { name?: string; arguments?: unknown };
}): LlmToolCall {
  const argumentsValue = raw.function?.arguments;
  const rawArguments =
    typeof argumentsValue === 'string' ? argumentsValue : JSON.stringify(argumentsValue ?? {});
  let parsed: unknown = null;
  try {
    parsed = typeof argumentsValue === 'string' ? JSON.parse(argumentsValue) : argumentsValue;
  } catch {
    parsed = null;
  }
  syntheticIds += 1;
  return {
    id: raw.id || `call_local_${syntheticIds}`,
    name: raw.function?.name ?? '',
    arguments:
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null,
    rawArguments,
  };
}

function toWire(message: LlmMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.content,
      ...(message.toolCalls && message.toolCalls.length > 0
        ? {
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.rawArguments },
            })),
          }
        : {}),
    };
  }
  return { role: message.role, content: message.content };
}

function classify(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  if (
    error instanceof OpenAI.APIConnectionTimeoutError ||
    (error instanceof Error && error.name === 'AbortError') ||
    error instanceof OpenAI.APIUserAbortError
  ) {
    return new LlmError('timeout', 'the model did not answer in time');
  }
  if (error instanceof OpenAI.APIError) {
    const code = String((error.error as { code?: unknown } | undefined)?.code ?? error.code ?? '');
    if (error.status === 429)
      return /quota|billing/.test(code)
        ? new LlmError('quota', `quota: ${error.message}`)
        : new LlmError('rate_limited', error.message);
    if (error.status !== undefined && error.status >= 500)
      return new LlmError('server', `${error.status}: ${error.message}`);
    if (error.status !== undefined) return new LlmError('refused', `${error.status}: ${error.message}`);
    return new LlmError('server', error.message);
  }
  return new LlmError('server', error instanceof Error ? error.message : String(error));
}

export function createOpenAiCompatibleClient(options: {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Retries of 429 (rate limit) and 5xx inside the caller's deadline; the official client backs off with jitter. */
  maxRetries?: number;
}): LlmClient {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers (Ollama, llama.cpp) ignore the key but the client wants one.
    apiKey: options.apiKey ?? 'not-needed',
    maxRetries: options.maxRetries ?? 1,
  });
  return {
    model: options.model,
    async chat({ messages, tools, signal }) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: messages.map(toWire),
            ...(tools.length > 0
              ? {
                  tools: tools.map((tool) => ({ type: 'function' as const, function: tool })),
                  tool_choice: 'auto' as const,
                }
              : {}),
          },
          { signal },
        );
        const choice = completion.choices?.[0];
        if (!choice?.message) throw new LlmError('invalid_response', 'the response has no choice');
        return {
          content: choice.message.content ?? null,
          toolCalls: (choice.message.tool_calls ?? []).map((call) => normaliseToolCall(call as never)),
          finishReason: choice.finish_reason ?? 'stop',
          usage: {
            promptTokens: completion.usage?.prompt_tokens ?? 0,
            completionTokens: completion.usage?.completion_tokens ?? 0,
          },
        };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}
