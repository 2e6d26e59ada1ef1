import { z } from './zod.ts';
import { ruleActionSchema, ruleLimits, ruleTriggerSchema } from './automation.ts';
import { brandArchetypeSchema, brandToneSchema } from './dashboard.ts';
import { isoDateSchema } from './calendar.ts';

/**
 * The dashboard's writes. Objects are strict: an unknown field is a 400 naming it, so a typo never
 * passes silently. Every limit a form shows comes from here.
 */
export const actionLimits = {
  brandNameMax: 80,
  /** Instagram's own limit for a username. */
  usernameMax: 30,
  voiceDescriptionMax: 2000,
  exampleResponsesMax: 4000,
  /** A person's DM; the channel splits the text into parts of at most 1,000 bytes. */
  messageContentMax: 2000,
  /** Instagram caps a comment at 2,200 characters. */
  commentReplyMax: 2200,
  /** Search text on the conversation and comment lists. */
  searchMax: 100,
} as const;

const nameSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    // Control characters have no place in a name (and PostgreSQL cannot store NUL in text at all).
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

/**
 * Instagram's username rules: letters, digits, `.` and `_`, at most 30. A leading `@` (as people type it) is
 * dropped; Instagram usernames are case-insensitive, so the stored form is lower case.
 */
export const instagramUsernameSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .max(actionLimits.usernameMax, `must be at most ${actionLimits.usernameMax} characters`)
      .regex(/^[a-z0-9._]+$/, 'may contain only letters, digits, . and _ (without the @)'),
  );

export const createBrandInputSchema = z.strictObject({
  name: nameSchema(actionLimits.brandNameMax),
  username: instagramUsernameSchema,
});
export type CreateBrandInput = z.input<typeof createBrandInputSchema>;

const atLeastOneField = (value: object) => Object.keys(value).length > 0;

export const updateBrandInputSchema = z
  .strictObject({
    name: nameSchema(actionLimits.brandNameMax).optional(),
    username: instagramUsernameSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine(atLeastOneField, 'must change at least one of name, username, active');
export type UpdateBrandInput = z.input<typeof updateBrandInputSchema>;

/** PUT /api/brands/{brandId}/personality: the whole personality; the defaults are in #contracts/dashboard.ts. */
export const updatePersonalityInputSchema = z.strictObject({
  archetype: brandArchetypeSchema,
  tone: brandToneSchema,
  voiceDescription: z
    .string()
    .max(actionLimits.voiceDescriptionMax, `must be at most ${actionLimits.voiceDescriptionMax} characters`),
  exampleResponses: z
    .string()
    .max(actionLimits.exampleResponsesMax, `must be at most ${actionLimits.exampleResponsesMax} characters`),
});
export type UpdatePersonalityInput = z.infer<typeof updatePersonalityInputSchema>;

export const createRuleInputSchema = z.strictObject({
  name: nameSchema(ruleLimits.nameMax),
  triggerConfig: ruleTriggerSchema,
  actionConfig: ruleActionSchema,
  active: z.boolean().default(true),
});
export type CreateRuleInput = z.input<typeof createRuleInputSchema>;

export const updateRuleInputSchema = z
  .strictObject({
    name: nameSchema(ruleLimits.nameMax).optional(),
    triggerConfig: ruleTriggerSchema.optional(),
    actionConfig: ruleActionSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine(atLeastOneField, 'must change at least one of name, triggerConfig, actionConfig, active');
export type UpdateRuleInput = z.input<typeof updateRuleInputSchema>;

export const ruleIdParamsSchema = z.object({ ruleId: z.uuid() });
export const commentIdParamsSchema = z.object({ commentId: z.uuid() });

/** Conversation statuses. `escalated` pauses the assistant there; `active` hands it back. */
export const conversationStatuses = ['active', 'resolved', 'archived', 'escalated'] as const;
export const conversationStatusSchema = z.enum(conversationStatuses);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/** Who answers a conversation: the assistant, or a person on the brand's team (after they replied). */
export const conversationHandlers = ['assistant', 'person'] as const;
export type ConversationHandler = (typeof conversationHandlers)[number];

/** PATCH /api/conversations/{id}: `active` also hands the conversation back to the assistant. */
export const updateConversationInputSchema = z.strictObject({ status: conversationStatusSchema });
export type UpdateConversationInput = z.infer<typeof updateConversationInputSchema>;

export const conversationStateSchema = z.object({
  id: z.string(),
  status: z.string(),
  handledBy: z.enum(conversationHandlers),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

/** A person's reply: its refusals are the sentences the composer shows. */
const replySchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Write a reply first.')
    .max(max, `A reply can be at most ${max} characters.`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'A reply cannot hold control characters.');

/** POST /api/conversations/{id}/messages: a person's reply. */
export const sendMessageInputSchema = z.strictObject({
  content: replySchema(actionLimits.messageContentMax),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

/** The optional `Idempotency-Key` header of the send calls: one per composed reply, so a retry sends once. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(100, 'must be at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, - and _')
    .optional(),
});

/** What happened to a send (the channel's OutboundResult): `failed` carries Instagram's message. */
export const sendResultSchema = z.object({
  status: z.enum(['sent', 'failed', 'unknown']),
  messageIds: z.array(z.string()),
  duplicate: z.boolean(),
  error: z.string().optional(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

/** GET /api/conversations/{id}/send-window: may a person send a DM now (shown before anyone types). */
export const sendWindowSchema = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true), humanAgentTag: z.boolean(), closesAt: z.string().nullable() }),
  z.object({ allowed: z.literal(false), code: z.string(), reason: z.string() }),
]);
export type SendWindow = z.infer<typeof sendWindowSchema>;

/** POST /api/conversations/{id}/draft: the assistant's reply, not sent. */
export const draftReplySchema = z.object({ reply: z.string() });
export type DraftReply = z.infer<typeof draftReplySchema>;

export const commentReplyVisibilities = ['public', 'private'] as const;
export const commentReplyInputSchema = z.strictObject({
  content: replySchema(actionLimits.commentReplyMax),
  visibility: z.enum(commentReplyVisibilities),
});
export type CommentReplyInput = z.infer<typeof commentReplyInputSchema>;

/** `q` and `status` on the conversation list, `q` on the comment list (case-insensitive). */
export const searchSchema = z
  .string()
  .trim()
  .max(actionLimits.searchMax, `must be at most ${actionLimits.searchMax} characters`)
  .optional();
/**
 * The status filter of the conversation list: one status, or `open` (every conversation not resolved or archived:
 * the inbox's default view). Left out, every conversation.
 */
export const conversationStatusFilters = ['open', ...conversationStatuses] as const;
export const conversationFilterSchema = z.object({
  q: searchSchema,
  status: z.enum(conversationStatusFilters).optional(),
  /** `true`: only conversations with buyer messages the caller has not read. */
  unread: z
    .enum(['true', 'false'], 'must be true or false')
    .transform((value) => value === 'true')
    .optional(),
  /** The Performance screen's drill-down: conversations started that day (in the brand's time zone). */
  startedOn: isoDateSchema.optional(),
  /** The Performance screen's drill-down: conversations that asked for this variant while it was sold out. */
  askedVariantId: z.uuid().optional(),
});
export const commentFilterSchema = z.object({ q: searchSchema });

/** GET /api/brands/{brandId}/inbox-counts: the tab counts for the same filters. */
export const inboxCountsQuerySchema = conversationFilterSchema;
export const inboxCountsSchema = z.object({
  /** Conversations the list shows for the same filters. */
  conversations: z.number().int(),
  /** Of those (unread filter aside), the ones with buyer messages the caller has not read. */
  unread: z.number().int(),
  comments: z.number().int(),
});
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

/**
 * GET /api/events (Server-Sent Events): one `change` event per changed row of the user's brands. The client
 * invalidates the queries the `topic` touches; `reset` (after a gap too old to replay) invalidates everything.
 */
export const liveTopics = [
  'brand',
  'conversation',
  'message',
  'comment',
  'personality',
  'rule',
  'connection',
  'sync',
  /** A notification for members of the workspace: the bell refetches (decision 045). */
  'notification',
] as const;
export const liveEventSchema = z.object({
  topic: z.enum(liveTopics),
  op: z.enum(['insert', 'update', 'delete']),
  /** Null for a change that concerns the whole workspace (a notification). */
  brandId: z.string().nullable(),
  id: z.string().nullable(),
  conversationId: z.string().nullable(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
