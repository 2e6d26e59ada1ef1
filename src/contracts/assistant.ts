import { z } from './zod.ts';
import { mediaIdSchema } from './automation.ts';
import { brandArchetypeSchema, brandToneSchema } from './dashboard.ts';

/** The playground's limits (a DM is at most 1,000 bytes; the history is what the assistant reads). */
export const assistantLimits = {
  messageMax: 1000,
  historyMax: 20,
  historyTurnMax: 2000,
  voiceDescriptionMax: 2000,
  exampleResponsesMax: 4000,
} as const;

export const previewPersonalitySchema = z.strictObject({
  archetype: brandArchetypeSchema,
  tone: brandToneSchema,
  voiceDescription: z.string().max(assistantLimits.voiceDescriptionMax),
  exampleResponses: z.string().max(assistantLimits.exampleResponsesMax),
});

/**
 * POST /api/brands/{brandId}/assistant/preview: what the assistant would answer; nothing is sent or stored. An
 * unknown field is refused (400), so a misspelt `history` or `personality` is not silently ignored.
 */
export const assistantPreviewInputSchema = z.strictObject({
  message: z.string().trim().min(1, 'must not be empty').max(assistantLimits.messageMax),
  history: z
    .array(
      z.strictObject({
        sender: z.enum(['customer', 'ai', 'agent']),
        content: z.string().max(assistantLimits.historyTurnMax),
      }),
    )
    .max(assistantLimits.historyMax)
    .default([]),
  /** Unsaved form values from Psychology Settings; the saved personality when absent. */
  personality: previewPersonalitySchema.optional(),
  /** The unsaved "say it is automated" switch of Psychology Settings; the saved setting when absent. */
  discloseAutomation: z.boolean().optional(),
});
export type AssistantPreviewInput = z.infer<typeof assistantPreviewInputSchema>;

/**
 * GET /api/brands/{brandId}/assistant/settings: the brand's assistant settings; the defaults for a brand that has
 * saved none. `discloseAutomation`: the first automated reply in a conversation says it is automated.
 */
export const assistantSettingsSchema = z.object({ discloseAutomation: z.boolean() });
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;
export const defaultAssistantSettings = { discloseAutomation: true } as const satisfies AssistantSettings;

/** PUT /api/brands/{brandId}/assistant/settings: the whole settings; an unknown field is refused (400). */
export const updateAssistantSettingsInputSchema = z.strictObject({ discloseAutomation: z.boolean() });
export type UpdateAssistantSettingsInput = z.infer<typeof updateAssistantSettingsInputSchema>;

/** The trace shown to brand owners: what the assistant understood, the facts it used, and how long it took. */
export const assistantTraceSchema = z.object({
  eventKey: z.string(),
  outcome: z.enum(['replied', 'silent', 'failed']),
  silentReason: z.string().nullable(),
  rule: z.object({ id: z.string(), name: z.string(), trigger: z.string(), action: z.string() }).nullable(),
  intent: z.string(),
  answerKind: z.string(),
  product: z.object({ id: z.string(), title: z.string(), fromHistory: z.boolean() }).nullable(),
  variant: z.object({ id: z.string(), title: z.string() }).nullable(),
  stock: z
    .object({
      quantity: z.number().nullable(),
      availableForSale: z.boolean(),
      source: z.enum(['live', 'mirror']),
      asOf: z.string(),
      latencyMs: z.number(),
    })
    .nullable(),
  link: z.string().nullable(),
  alternative: z.object({ product: z.string(), variant: z.string(), link: z.string().nullable() }).nullable(),
  provider: z.enum(['embedded', 'llm']),
  model: z.string().nullable(),
  fallbackReason: z.string().nullable(),
  toolCalls: z.array(z.string()),
  tokens: z.object({ prompt: z.number(), completion: z.number() }).nullable(),
  reply: z.string().nullable(),
  bytes: z.number(),
  disclosed: z.boolean(),
  handedOff: z.boolean(),
  timings: z.record(z.string(), z.number()),
});
export type AssistantTraceView = z.infer<typeof assistantTraceSchema>;

export const assistantPreviewResponseSchema = z.object({
  reply: z.string(),
  trace: assistantTraceSchema,
});
export type AssistantPreviewResponse = z.infer<typeof assistantPreviewResponseSchema>;

/** The pipeline's step names (its `timings` keys) as a brand owner reads them. */
export const traceStepNames: Record<string, string> = {
  guards: 'Safety checks',
  rules: 'Automation rules',
  understanding: 'Understanding the message',
  facts: 'Store facts',
  compose: 'Writing the reply',
  outputGuards: 'Output checks',
  send: 'Sending',
  state: 'Remembering the conversation',
};

/** The trace as label/value lines, for the playground panel and `admin simulate` (one wording for both). */
export function describeTrace(trace: AssistantTraceView): { label: string; value: string }[] {
  const stock = trace.stock
    ? `${trace.stock.quantity === null ? 'not tracked' : `${trace.stock.quantity} in stock`}${trace.stock.availableForSale ? '' : ' (cannot be bought)'}, ${trace.stock.source === 'live' ? 'live from the store' : `from the last sync (${trace.stock.asOf})`}, ${Math.round(trace.stock.latencyMs)} ms`
    : 'not checked';
  const timings = Object.entries(trace.timings)
    .filter(([step]) => step !== 'total')
    .map(([step, ms]) => `${traceStepNames[step] ?? step} ${ms} ms`)
    .join(', ');
  return [
    {
      label: 'Outcome',
      value: trace.silentReason ? `${trace.outcome}: ${trace.silentReason}` : trace.outcome,
    },
    {
      label: 'Rule',
      value: trace.rule
        ? `${trace.rule.name} (${trace.rule.trigger} → ${trace.rule.action})`
        : 'none matched',
    },
    { label: 'Intent', value: trace.intent.replaceAll('_', ' ') },
    { label: 'Answer', value: trace.answerKind.replaceAll('_', ' ') },
    {
      label: 'Product',
      value: trace.product
        ? `${trace.product.title}${trace.product.fromHistory ? ' (from earlier in the conversation)' : ''}`
        : 'none',
    },
    { label: 'Variant', value: trace.variant?.title ?? 'none' },
    { label: 'Stock', value: stock },
    {
      label: 'Alternative',
      value: trace.alternative ? `${trace.alternative.product} (${trace.alternative.variant})` : 'none',
    },
    { label: 'Link', value: trace.link ?? 'none' },
    {
      label: 'Provider',
      value: `${trace.provider === 'llm' ? `LLM${trace.model ? ` ${trace.model}` : ''}` : 'embedded composer'}${trace.fallbackReason ? ` (fallback: ${trace.fallbackReason})` : ''}${trace.tokens ? `, ${trace.tokens.prompt}+${trace.tokens.completion} tokens` : ''}`,
    },
    { label: 'Time', value: `${trace.timings.total ?? 0} ms${timings ? ` (${timings})` : ''}` },
  ];
}

/**
 * POST /api/automation-rules/{ruleId}/test: what the brand's rules would do with this comment (a comment rule) or
 * DM (any other rule), the tested rule counted as switched on. Nothing is sent or stored.
 */
export const ruleTestInputSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'Write a comment or message to test the rule with.')
    .max(
      assistantLimits.messageMax,
      `The test text can be at most ${assistantLimits.messageMax} characters.`,
    ),
  /** The post the test comment is on; the rule's own post when absent. */
  mediaId: mediaIdSchema.optional(),
});
export type RuleTestInput = z.infer<typeof ruleTestInputSchema>;
export const ruleTestResultSchema = z.object({
  /** This rule is the one that would apply. */
  fired: z.boolean(),
  /** The rule that would apply instead, or null when none would. */
  appliedRule: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The reply the buyer would get (empty when nothing would be sent). */
  reply: z.string(),
  outcome: z.enum(['replied', 'silent', 'failed']),
  silentReason: z.string().nullable(),
});
export type RuleTestResult = z.infer<typeof ruleTestResultSchema>;
