import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type {
  AssistantPreviewInput,
  AssistantPreviewResponse,
  AssistantSettings,
  RuleTestInput,
  RuleTestResult,
  UpdateAssistantSettingsInput,
} from '#contracts/assistant.ts';
import { authorize, notFound } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { isForeignKeyViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import {
  runPipeline,
  type AssistantTrace,
  type Delivery,
  type LlmComposer,
  type PipelineEffects,
} from './pipeline.ts';
import type { AssistantDrafts, CatalogService, ChannelOutbound, OutboundResult } from './ports.ts';
import * as queries from './queries.ts';
import type { AssistantEvent } from './types.ts';

import type { AssistantRespondPayload } from '#server/jobs/definitions.ts';

/** How long a reply waits for an earlier message of the same conversation to be answered first. */
const ORDER_WAIT_MS = 3000;

export interface AssistantServiceDeps {
  db: Database;
  catalog: CatalogService;
  channel: ChannelOutbound;
  /** The OpenAI-compatible composer when LLM_BASE_URL and LLM_MODEL are set; null for the embedded one. */
  llm?: LlmComposer | null;
  log?: Logger;
}

const noSend: PipelineEffects = {
  async checkWindow() {
    return { allowed: true };
  },
  async sendDirectMessage() {
    return { status: 'sent', messageIds: [], duplicate: false };
  },
  async sendCommentReply() {
    return { status: 'sent', messageIds: [], duplicate: false };
  },
  async escalate() {},
  async recordTrace() {},
};

function traceRow(event: AssistantEvent, trace: AssistantTrace, delivery: Delivery): queries.NewTrace {
  return {
    brandId: event.brand.id,
    conversationId: event.conversation?.id ?? null,
    eventKey: event.eventKey,
    messageId: event.kind === 'message' ? (delivery.messageIds[0] ?? null) : null,
    outcome: trace.outcome,
    ruleId: trace.rule?.id ?? null,
    ruleName: trace.rule?.name ?? null,
    intent: trace.intent,
    productId: trace.product?.id ?? null,
    productTitle: trace.product?.title ?? null,
    variantId: trace.variant?.id ?? null,
    variantTitle: trace.variant?.title ?? null,
    stockQuantity: trace.stock?.quantity ?? null,
    stockAvailable: trace.stock?.availableForSale ?? null,
    stockSource: trace.stock?.source ?? null,
    linkUrl: trace.link,
    provider: trace.provider,
    promptTokens: trace.tokens?.prompt ?? null,
    completionTokens: trace.tokens?.completion ?? null,
    totalMs: Math.round(trace.timings.total ?? 0),
    trace: { ...trace, delivery },
  };
}

/** The send guard refused (409): a person replied or the window closed in the meantime. Stay silent. */
async function failedOnRefusal(send: () => Promise<OutboundResult>): Promise<OutboundResult> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      return { status: 'failed', messageIds: [], duplicate: false, error: error.message };
    throw error;
  }
}

export function createAssistantService({ db, catalog, channel, llm = null, log }: AssistantServiceDeps) {
  function liveEffects(event: AssistantEvent): PipelineEffects {
    return {
      async checkWindow(conversationId) {
        return channel.checkDirectMessageWindow({ conversationId, origin: 'assistant' });
      },
      sendDirectMessage: (input) =>
        failedOnRefusal(() => channel.sendDirectMessage({ ...input, origin: 'assistant' })),
      sendCommentReply: (input) =>
        failedOnRefusal(() => channel.sendCommentReply({ ...input, origin: 'assistant' })),
      async escalate(conversationId) {
        await queries.escalateConversation(db, conversationId, event.eventKey);
      },
      async recordTrace(trace, delivery) {
        await queries.insertTrace(db, traceRow(event, trace, delivery));
      },
      async saveState(conversationId, eventKey, state) {
        await queries.saveConversationState(db, conversationId, eventKey, state);
      },
    };
  }

  async function loadBrandContext(brandId: string) {
    const brand = await queries.findBrand(db, brandId);
    if (!brand) return null;
    const [personality, rules, discloseAutomation] = await Promise.all([
      queries.findPersonality(db, brandId),
      queries.listRules(db, brandId),
      queries.findDiscloseAutomation(db, brandId),
    ]);
    return { brand, personality, rules, discloseAutomation };
  }

  /**
   * The event for one customer message, or null when it is answered already (a replay) or gone. Replies go out in
   * the order the buyer wrote: while an earlier message still waits for its answer, this one waits (a while).
   */
  async function buildMessageEvent(messageId: string): Promise<AssistantEvent | null> {
    let context = await queries.loadMessageEvent(db, messageId);
    if (context && !context.answered && context.earlierUnanswered > 0) {
      const until = Date.now() + ORDER_WAIT_MS;
      while (Date.now() < until && (await queries.countEarlierUnanswered(db, context.message)) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The earlier answers are part of this one's history now.
      context = await queries.loadMessageEvent(db, messageId);
    }
    if (!context || context.answered) return null;
    const { message, conversation, brand } = context;
    return {
      kind: 'message',
      eventKey: `message:${message.id}`,
      brand,
      conversation: { id: conversation.id, status: conversation.status, handledBy: conversation.handledBy },
      commentId: null,
      customer: { username: conversation.customerUsername },
      text: message.content,
      history: context.history,
      personality: context.personality,
      rules: context.rules,
      discloseAutomation: context.discloseAutomation,
      receivedAt: message.createdAt,
      state: context.state,
    };
  }

  async function buildCommentEvent(commentId: string): Promise<AssistantEvent | null> {
    if (await queries.findTraceByEvent(db, `comment:${commentId}`)) return null;
    const comment = await queries.findComment(db, commentId);
    const context = comment ? await loadBrandContext(comment.brandId) : null;
    if (!comment || !context) return null;
    return {
      kind: 'comment',
      eventKey: `comment:${comment.id}`,
      brand: { id: context.brand.id, name: context.brand.name, active: context.brand.active },
      conversation: null,
      commentId: comment.id,
      mediaId: comment.mediaId,
      customer: { username: comment.username },
      text: comment.content,
      history: [],
      personality: context.personality,
      rules: context.rules,
      discloseAutomation: context.discloseAutomation,
      receivedAt: comment.createdAt,
    };
  }

  return {
    /**
     * The `assistant-respond` job: answers one customer message or comment. Exactly once: an event with a trace is
     * done; a replay after a crash re-runs the steps and the channel's idempotency key (`assistant:<event>`)
     * refuses to send twice.
     */
    async respond(payload: AssistantRespondPayload): Promise<AssistantTrace | null> {
      const event =
        payload.kind === 'message'
          ? await buildMessageEvent(payload.messageId)
          : await buildCommentEvent(payload.commentId);
      if (!event) return null;
      const { eventKey } = event;
      const trace = await runPipeline({ catalog, effects: liveEffects(event), llm }, event);
      log?.info(
        { eventKey, outcome: trace.outcome, answer: trace.answerKind, ms: trace.timings.total },
        'assistant answered',
      );
      return trace;
    },

    /** The playground. The caller must be in the brand's workspace (404 otherwise); nothing is sent or stored. */
    async preview(
      userId: string,
      brandId: string,
      input: AssistantPreviewInput,
    ): Promise<AssistantPreviewResponse> {
      await authorize(db, userId, 'playground.use', { brandId });
      const context = await loadBrandContext(brandId);
      if (!context) throw notFound({ brandId });
      const digest = createHash('sha256')
        .update(JSON.stringify([input.message, input.history]))
        .digest('hex')
        .slice(0, 16);
      const event: AssistantEvent = {
        kind: 'preview',
        eventKey: `preview:${digest}`,
        brand: { id: context.brand.id, name: context.brand.name, active: context.brand.active },
        conversation: null,
        commentId: null,
        customer: { username: 'preview' },
        text: input.message,
        history: input.history,
        personality: input.personality ?? context.personality,
        rules: context.rules,
        discloseAutomation: input.discloseAutomation ?? context.discloseAutomation,
        receivedAt: new Date(),
      };
      const trace = await runPipeline({ catalog, effects: noSend, llm }, event);
      return { reply: trace.reply ?? '', trace };
    },

    /**
     * "Test this rule": the brand's rules, this one counted as on, given a comment (for a comment rule, on the
     * rule's post unless another is given) or a DM. Runs the same steps as a real event and sends nothing.
     */
    async testRule(userId: string, ruleId: string, input: RuleTestInput): Promise<RuleTestResult> {
      const { brandId } = await authorize(db, userId, 'playground.use', { ruleId });
      const context = await loadBrandContext(brandId);
      const tested = context?.rules.find((rule) => rule.id === ruleId);
      if (!context || !tested) throw new AppError('NOT_FOUND', 'Rule not found');
      const isComment = tested.trigger.type === 'comment_keyword';
      const event: AssistantEvent = {
        kind: 'preview',
        previewAs: isComment ? 'comment' : 'message',
        eventKey: `rule-test:${ruleId}`,
        brand: { id: context.brand.id, name: context.brand.name, active: context.brand.active },
        conversation: null,
        commentId: null,
        mediaId:
          input.mediaId ??
          (tested.trigger.type === 'comment_keyword' ? (tested.trigger.mediaId ?? null) : null),
        customer: { username: 'test_buyer' },
        text: input.text,
        history: [],
        personality: context.personality,
        rules: context.rules.map((rule) => (rule.id === ruleId ? { ...rule, active: true } : rule)),
        discloseAutomation: context.discloseAutomation,
        receivedAt: new Date(),
      };
      const trace = await runPipeline({ catalog, effects: noSend, llm }, event);
      return {
        fired: trace.rule?.id === ruleId,
        appliedRule: trace.rule ? { id: trace.rule.id, name: trace.rule.name } : null,
        reply: trace.outcome === 'replied' ? (trace.reply ?? '') : '',
        outcome: trace.outcome,
        silentReason: trace.silentReason,
      };
    },

    /** The brand's assistant settings; the defaults while it has saved none. */
    async getSettings(userId: string, brandId: string): Promise<AssistantSettings> {
      await authorize(db, userId, 'brand.read', { brandId });
      return { discloseAutomation: await queries.findDiscloseAutomation(db, brandId) };
    },

    async saveSettings(
      userId: string,
      brandId: string,
      input: UpdateAssistantSettingsInput,
    ): Promise<AssistantSettings> {
      await authorize(db, userId, 'assistant.configure', { brandId });
      try {
        return await queries.upsertAssistantSettings(db, brandId, input);
      } catch (error) {
        // The brand was deleted between the check and the write.
        if (isForeignKeyViolation(error)) throw notFound({ brandId });
        throw error;
      }
    },

    /** AssistantDrafts: the reply to the conversation so far, not sent. */
    async draftReply({
      conversationId,
    }: {
      conversationId: string;
    }): Promise<{ reply: string; trace: unknown }> {
      const conversation = await queries.findConversation(db, conversationId);
      const context = conversation ? await loadBrandContext(conversation.brandId) : null;
      if (!conversation || !context) throw new AppError('NOT_FOUND', 'Conversation not found');
      const turns = await queries.listHistory(db, conversationId);
      const lastCustomer = turns.map((turn) => turn.sender).lastIndexOf('customer');
      if (lastCustomer === -1) return { reply: '', trace: null };
      const event: AssistantEvent = {
        kind: 'preview',
        eventKey: `draft:${conversationId}:${turns.length}`,
        brand: { id: context.brand.id, name: context.brand.name, active: context.brand.active },
        conversation: { id: conversation.id, status: 'active', handledBy: 'assistant' },
        commentId: null,
        customer: { username: conversation.customerUsername },
        text: turns[lastCustomer]!.content,
        history: turns.slice(0, lastCustomer),
        personality: context.personality,
        // A person asked for a draft: rules that stay silent or hand off do not apply.
        rules: [],
        discloseAutomation: context.discloseAutomation,
        receivedAt: new Date(),
      };
      const trace = await runPipeline({ catalog, effects: noSend, llm }, event);
      return { reply: trace.reply ?? '', trace };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
// The provider shape the dashboard's actions consume.
export const asAssistantDrafts = (service: AssistantService): AssistantDrafts => ({
  draftReply: service.draftReply,
});
