import { beforeEach, expect } from 'vitest';
import type { CatalogProduct } from '#server/modules/assistant/ports.ts';
import {
  runPipeline,
  type AssistantTrace,
  type LlmComposer,
  type PipelineEffects,
} from '#server/modules/assistant/pipeline.ts';
import type { AssistantEvent, ConversationState, HistoryTurn } from '#server/modules/assistant/types.ts';
import { createMemoryCatalog, type MemoryCatalog } from './memory-catalog.ts';

/**
 * The assistant's pipeline tests without a database: effects that record what the pipeline did instead of sending,
 * a buyer's message as the pipeline receives it, and a conversation of several messages.
 */

export interface SentPart {
  kind: 'dm' | 'private' | 'public';
  text: string;
  idempotencyKey: string;
  inventoryChecked?: boolean;
}

/** Every send succeeds while the 24-hour window is open (`windowOpen: false` closes it). */
export function recordingEffects(options: { windowOpen?: boolean } = {}) {
  const sent: SentPart[] = [];
  const escalated: string[] = [];
  const traces: AssistantTrace[] = [];
  const states: ConversationState[] = [];
  const effects: PipelineEffects = {
    async checkWindow() {
      return options.windowOpen === false
        ? { allowed: false, code: 'WINDOW_CLOSED', reason: 'the 24-hour window is closed' }
        : { allowed: true };
    },
    async sendDirectMessage(input) {
      sent.push({
        kind: 'dm',
        text: input.text,
        idempotencyKey: input.idempotencyKey,
        inventoryChecked: input.inventoryChecked,
      });
      return { status: 'sent', messageIds: ['m1'], duplicate: false };
    },
    async sendCommentReply(input) {
      sent.push({ kind: input.visibility, text: input.text, idempotencyKey: input.idempotencyKey });
      return { status: 'sent', messageIds: [], duplicate: false };
    },
    async escalate(conversationId) {
      escalated.push(conversationId);
    },
    async recordTrace(trace) {
      traces.push(trace);
    },
    async saveState(_conversationId, _eventKey, state) {
      states.push(state);
    },
  };
  return { effects, sent, escalated, traces, states };
}

export type RecordingEffects = ReturnType<typeof recordingEffects>;

/**
 * The pipeline over an in-memory catalog of `products()` with recording effects, both made afresh before each test
 * of the describe block this is called in (read `catalog` and `recorder` inside tests); `run` composes with the
 * LLM composer when one is given, the embedded one otherwise.
 */
export function usePipeline(products: () => CatalogProduct[]) {
  const pipeline = {} as { catalog: MemoryCatalog; recorder: RecordingEffects };
  beforeEach(() => {
    pipeline.catalog = createMemoryCatalog(products());
    pipeline.recorder = recordingEffects();
  });
  const run = (event: AssistantEvent, llm: LlmComposer | null = null) =>
    runPipeline({ catalog: pipeline.catalog, effects: pipeline.recorder.effects, llm }, event);
  return Object.assign(pipeline, { run });
}

let counter = 0;

/** A DM from jane.doe to Luna Wear's assistant, each with its own event key; `fields` change any part. */
export function makeEvent(text: string, fields: Partial<AssistantEvent> = {}): AssistantEvent {
  counter += 1;
  return {
    kind: 'message',
    eventKey: `message:event-${counter}`,
    brand: { id: 'brand-1', name: 'Luna Wear', active: true },
    conversation: { id: 'conversation-1', status: 'active', handledBy: 'assistant' },
    commentId: null,
    customer: { username: 'jane.doe' },
    text,
    history: [],
    personality: { archetype: 'everyman', tone: 'friendly', voiceDescription: '', exampleResponses: '' },
    rules: [],
    discloseAutomation: true,
    // A Tuesday, 10:00 in Los Angeles.
    receivedAt: new Date('2026-11-24T18:00:00Z'),
    ...fields,
  };
}

/** A buyer's comment `commentId` under a post (no conversation), keyed as the channel keys comments. */
export function makeCommentEvent(
  text: string,
  commentId: string,
  fields: Partial<AssistantEvent> = {},
): AssistantEvent {
  return makeEvent(text, {
    kind: 'comment',
    eventKey: `comment:${commentId}`,
    commentId,
    conversation: null,
    ...fields,
  });
}

/** A conversation's state with nothing in play yet (in English); `fields` set what a test needs. */
export function conversationState(fields: Partial<ConversationState> = {}): ConversationState {
  return {
    productId: null,
    chosen: {},
    variantIds: [],
    quantity: null,
    question: null,
    alternativeProductId: null,
    language: 'en',
    lastOpening: null,
    complaints: 0,
    ...fields,
  };
}

/**
 * A conversation: each message sent after the last one's reply, with the history so far and the state the last
 * reply kept (`fields` go into every message).
 */
export async function converse(
  run: (event: AssistantEvent) => Promise<AssistantTrace>,
  recorder: RecordingEffects,
  texts: string[],
  fields: Partial<AssistantEvent> = {},
): Promise<AssistantTrace[]> {
  const history: HistoryTurn[] = [];
  const traces: AssistantTrace[] = [];
  for (const text of texts) {
    const trace = await run(
      makeEvent(text, { ...fields, history: [...history], state: recorder.states.at(-1) ?? null }),
    );
    traces.push(trace);
    history.push({ sender: 'customer', content: text }, { sender: 'ai', content: trace.reply ?? '' });
  }
  return traces;
}

/** The trace says what was asked is not sold: what the catalog lacks, and the closest product offered instead. */
export function expectNotSold(
  trace: AssistantTrace,
  lacking: string,
  alternative: { product: string; variant?: string },
): void {
  expect(trace).toMatchObject({ answerKind: 'not_sold', match: { lacking }, alternative });
}
