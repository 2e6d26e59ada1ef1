import { z } from './zod.ts';
import { ruleActionSchema, ruleTriggerSchema } from './automation.ts';

/** Brand archetypes, in the product's order (docs/product.md). */
export const brandArchetypes = [
  'innocent',
  'sage',
  'explorer',
  'outlaw',
  'magician',
  'hero',
  'lover',
  'jester',
  'everyman',
  'caregiver',
  'ruler',
  'creator',
] as const;

/** Tones, in the product's order (docs/product.md). */
export const brandTones = [
  'professional',
  'friendly',
  'enthusiastic',
  'empathetic',
  'witty',
  'luxury',
] as const;

/** Who wrote a message: the buyer, Voicecart AI, or a person on the brand's team. */
export const messageSenders = ['customer', 'ai', 'agent'] as const;

export const brandArchetypeSchema = z.enum(brandArchetypes);
export const brandToneSchema = z.enum(brandTones);
export const messageSenderSchema = z.enum(messageSenders);
export type BrandArchetype = z.infer<typeof brandArchetypeSchema>;
export type BrandTone = z.infer<typeof brandToneSchema>;

/**
 * List paging (keyset): `limit` items per page (default 50, at most 200); when more exist the response carries
 * an `X-Next-Cursor` header whose value is passed back as `cursor`. The body stays the plain list.
 */
export const listPaging = {
  defaultLimit: 50,
  maxLimit: 200,
  cursorHeader: 'x-next-cursor',
  maxCursorLength: 200,
} as const;

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(listPaging.maxLimit).default(listPaging.defaultLimit),
  cursor: z
    .string()
    .max(listPaging.maxCursorLength)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from the X-Next-Cursor header')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const brandIdParamsSchema = z.object({ brandId: z.uuid() });
export const conversationIdParamsSchema = z.object({ conversationId: z.uuid() });

/** Brand. */
export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  active: z.boolean(),
  instagramConnected: z.boolean(),
  /** A store is connected (any platform, docs/spec-deviations.md). */
  shopifyConnected: z.boolean(),
  /** Which store (the list only; absent from a write's answer): the sample store is shown as such. */
  storePlatform: z.enum(['shopify', 'woocommerce', 'sample']).nullable().optional(),
  /**
   * The connected Instagram account is the demo's sample one (decision 041; the list only): the card says so
   * rather than show it as a real account.
   */
  instagramSample: z.boolean().optional(),
});
export type Brand = z.infer<typeof brandSchema>;

/** Conversation; status is `active`, `resolved` or any other text shown as-is. */
export const conversationSchema = z.object({
  id: z.string(),
  customerUsername: z.string(),
  lastMessageAt: z.string(),
  status: z.string(),
  /** 'assistant' or 'person' (a person on the brand's team replied; the assistant stays silent). */
  handledBy: z.string(),
  /** The buyer wrote since the caller last opened it (read state is per person). */
  unread: z.boolean(),
  /** The newest message's text, shortened (null when there is none). */
  preview: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Message. */
export const messageSchema = z.object({
  id: z.string(),
  sender: messageSenderSchema,
  content: z.string(),
  createdAt: z.string(),
  inventoryChecked: z.boolean(),
  /** Our sends only (null for the buyer's): queued, sent, delivered, seen, failed or unknown. */
  deliveryState: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** Comment (plus its time, for ordering on screen). */
export const commentSchema = z.object({
  id: z.string(),
  username: z.string(),
  content: z.string(),
  replied: z.boolean(),
  replyContent: z.string().nullable(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Psychology Settings: the brand personality. `saved` is false while the brand still uses the defaults. */
export const brandPersonalitySchema = z.object({
  brandId: z.string(),
  archetype: brandArchetypeSchema,
  tone: brandToneSchema,
  voiceDescription: z.string(),
  exampleResponses: z.string(),
  saved: z.boolean(),
});
export type BrandPersonality = z.infer<typeof brandPersonalitySchema>;

export const defaultBrandPersonality = {
  archetype: 'everyman',
  tone: 'friendly',
  voiceDescription: '',
  exampleResponses: '',
} as const satisfies Pick<BrandPersonality, 'archetype' | 'tone' | 'voiceDescription' | 'exampleResponses'>;

/** Automation rule. */
export const automationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.string(),
  action: z.string(),
  active: z.boolean(),
  /** The structured forms the texts are generated from (#contracts/automation.ts). */
  triggerConfig: ruleTriggerSchema,
  actionConfig: ruleActionSchema,
  /** How many events the rule was applied to in the last 30 days (the list only; absent after a write). */
  firedLast30Days: z.number().int().optional(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

/** GET /api/brands/{brandId}/commented-posts: the posts and reels the brand's comments are on, newest first. */
export const commentedPostSchema = z.object({
  mediaId: z.string(),
  comments: z.number().int(),
  lastCommentAt: z.string(),
  /** The newest comment's text, to recognise the post by. */
  lastComment: z.string(),
});
export type CommentedPost = z.infer<typeof commentedPostSchema>;
export const commentedPostListSchema = z.array(commentedPostSchema);

export const brandListSchema = z.array(brandSchema);
export const conversationListSchema = z.array(conversationSchema);
export const messageListSchema = z.array(messageSchema);
export const commentListSchema = z.array(commentSchema);
export const automationRuleListSchema = z.array(automationRuleSchema);

/**
 * GET /api/setup-checklist: the Overview's first-run steps for the session's workspace, each ticked from what is
 * stored (a brand, an Instagram account, a store, a saved voice, an answer by the assistant, a brand turned on).
 */
export const setupSteps = ['brand', 'instagram', 'store', 'voice', 'assistant', 'active'] as const;
export type SetupStep = (typeof setupSteps)[number];
export const setupChecklistSchema = z.object({
  steps: z.array(z.object({ id: z.enum(setupSteps), done: z.boolean() })),
  /** True when every step is done: the Overview no longer shows the checklist. */
  complete: z.boolean(),
  /** The Instagram step is done by the sample account only (the demo's), not a real one. */
  sampleInstagram: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
