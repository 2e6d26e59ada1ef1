import { z } from './zod.ts';

/**
 * Structured automation rules. A rule has a trigger and an action; the product's readable
 * `trigger` and `action` texts are generated from them by describeTrigger and describeAction.
 * Rules are evaluated in `ruleEvaluationOrder` (by trigger type), then oldest first; the first match wins.
 */
export const ruleLimits = {
  nameMax: 80,
  keywordMax: 60,
  keywordsMax: 20,
  fixedTextMax: 1000,
  publicReplyMax: 300,
  mediaIdMax: 64,
  productTitleMax: 200,
} as const;

const keywordSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(ruleLimits.keywordMax, `must be at most ${ruleLimits.keywordMax} characters`);
const keywordsSchema = z
  .array(keywordSchema)
  .min(1, 'must list at least one keyword or emoji')
  .max(ruleLimits.keywordsMax, `must list at most ${ruleLimits.keywordsMax} keywords`);
/**
 * Instagram's media id of a post or reel (the `media.id` of a comment webhook). Digits and letters only, so it can
 * be shown and compared as it is.
 */
export const mediaIdSchema = z
  .string()
  .trim()
  .min(1, 'Choose a post or reel, or "Any post".')
  .max(ruleLimits.mediaIdMax, `A post id has at most ${ruleLimits.mediaIdMax} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, "That doesn't look like a post id: use the digits Instagram gives the post.");
const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like 09:00');
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const defaultBusinessHours = {
  opensAt: '09:00',
  closesAt: '18:00',
  timeZone: 'America/Los_Angeles',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
} as const;

export const ruleTriggerSchema = z.discriminatedUnion('type', [
  /** The first message of a conversation. */
  z.object({ type: z.literal('first_message') }),
  /** A keyword or phrase in a DM (case-insensitive, whole words). */
  z.object({ type: z.literal('dm_keyword'), keywords: keywordsSchema }),
  /** A DM that names a product or SKU from the brand's catalog. */
  z.object({ type: z.literal('product_mention') }),
  /** An emoji or keyword in a comment; on one post or reel when `mediaId` is set, on any post otherwise. */
  z.object({
    type: z.literal('comment_keyword'),
    keywords: keywordsSchema,
    mediaId: mediaIdSchema.optional(),
  }),
  /** A DM that arrives outside the brand's business hours. */
  z.object({
    type: z.literal('outside_business_hours'),
    opensAt: clockTimeSchema.default(defaultBusinessHours.opensAt),
    closesAt: clockTimeSchema.default(defaultBusinessHours.closesAt),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone like America/Los_Angeles')
      .default(defaultBusinessHours.timeZone),
    days: z
      .array(z.enum(weekdays))
      .min(1, 'must include at least one day')
      .default([...defaultBusinessHours.days]),
  }),
]);
export type RuleTrigger = z.infer<typeof ruleTriggerSchema>;
export type RuleTriggerType = RuleTrigger['type'];

export const ruleActionSchema = z.discriminatedUnion('type', [
  /** Check live stock and reply with availability and a checkout link. */
  z.object({ type: z.literal('answer_availability') }),
  /**
   * Send the commenter a private-reply DM with a product link; optionally a short public reply too. With
   * `productId` the DM always links that product (its first variant that can be bought); without it, the product
   * the comment names. `dmText` is the DM's own wording with placeholders (`{product}` and `{product_link}` too);
   * `productTitle` is the title when the rule was saved, for reading the rule only.
   */
  z.object({
    type: z.literal('private_reply_product_link'),
    publicReply: z.string().trim().max(ruleLimits.publicReplyMax).optional(),
    productId: z.uuid('Choose the product the DM sends from the list.').optional(),
    productTitle: z.string().trim().min(1).max(ruleLimits.productTitleMax).optional(),
    dmText: z
      .string()
      .trim()
      .min(1, 'Write the DM, or leave the text empty for the standard one.')
      .max(ruleLimits.fixedTextMax, `The DM can be at most ${ruleLimits.fixedTextMax} characters.`)
      .optional(),
  }),
  /** A fixed text with placeholders: {first_name}, {username}, {brand}, {product_link}. */
  z.object({ type: z.literal('fixed_text'), text: z.string().trim().min(1).max(ruleLimits.fixedTextMax) }),
  /** Hand the conversation to a person (status escalated); the assistant stays silent there. */
  z.object({ type: z.literal('hand_off') }),
  /** Do nothing: stop rule evaluation and send nothing. */
  z.object({ type: z.literal('do_nothing') }),
]);
export type RuleAction = z.infer<typeof ruleActionSchema>;
export type RuleActionType = RuleAction['type'];

export const ruleTextPlaceholders = ['{first_name}', '{username}', '{brand}', '{product_link}'] as const;
/** A comment-to-DM rule's text may also name the product it sends. */
export const dmTextPlaceholders = [...ruleTextPlaceholders, '{product}'] as const;

/** The order rules are tried in: the narrowest triggers first. */
export const ruleEvaluationOrder: readonly RuleTriggerType[] = [
  'comment_keyword',
  'outside_business_hours',
  'dm_keyword',
  'product_mention',
  'first_message',
];

/** The rule fields that decide the order they are tried in and whether one hides another. */
export interface OrderedRule {
  id: string;
  active: boolean;
  triggerConfig: RuleTrigger;
}

/**
 * Rules in the order they are tried: `ruleEvaluationOrder` by trigger type, a comment rule that names its post
 * before one for any post, then the order given (oldest first, as lists come). The first rule that matches applies.
 */
export function orderRules<T extends OrderedRule>(rules: readonly T[]): T[] {
  const rank = (rule: T) =>
    ruleEvaluationOrder.indexOf(rule.triggerConfig.type) * 2 +
    (rule.triggerConfig.type === 'comment_keyword' && !rule.triggerConfig.mediaId ? 1 : 0);
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => rank(a.rule) - rank(b.rule) || a.index - b.index)
    .map(({ rule }) => rule);
}

const plainWords = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, ' ')
    .trim();

/** Does every text holding `inner` also hold `outer`? (whole words, or the emoji anywhere) */
function keywordCovers(outer: string, inner: string): boolean {
  const a = plainWords(outer);
  const b = plainWords(inner);
  if (a === '') return false;
  if (!/[\p{L}\p{N}]/u.test(a)) return b.includes(a);
  return ` ${b} `.includes(` ${a} `);
}

/** Would `earlier` match every event `later` matches (so `later` can never apply)? */
function covers(earlier: RuleTrigger, later: RuleTrigger): boolean {
  if (earlier.type !== later.type) return false;
  switch (earlier.type) {
    case 'first_message':
    case 'product_mention':
      return true;
    case 'dm_keyword':
    case 'comment_keyword': {
      const laterTrigger = later as typeof earlier;
      if (earlier.type === 'comment_keyword' && laterTrigger.type === 'comment_keyword') {
        if (earlier.mediaId && earlier.mediaId !== laterTrigger.mediaId) return false;
      }
      return laterTrigger.keywords.every((inner) =>
        earlier.keywords.some((outer) => keywordCovers(outer, inner)),
      );
    }
    case 'outside_business_hours': {
      const laterTrigger = later as typeof earlier;
      return (
        earlier.opensAt === laterTrigger.opensAt &&
        earlier.closesAt === laterTrigger.closesAt &&
        earlier.timeZone === laterTrigger.timeZone &&
        laterTrigger.days.every((day) => earlier.days.includes(day))
      );
    }
  }
}

/**
 * For each active rule that can never apply, the active rule tried before it that catches everything it would:
 * `{ [hiddenRuleId]: hidingRuleId }`.
 */
export function findHiddenRules(rules: readonly OrderedRule[]): Record<string, string> {
  const ordered = orderRules(rules.filter((rule) => rule.active));
  const hidden: Record<string, string> = {};
  ordered.forEach((later, index) => {
    const earlier = ordered.slice(0, index).find((rule) => covers(rule.triggerConfig, later.triggerConfig));
    if (earlier) hidden[later.id] = earlier.id;
  });
  return hidden;
}

const quoteList = (keywords: readonly string[]) => keywords.map((keyword) => `"${keyword}"`).join(' or ');
const to12h = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? `${hour12}${suffix}` : `${hour12}:${String(minutes).padStart(2, '0')}${suffix}`;
};
const zoneLabel = (zone: string) => (zone === 'America/Los_Angeles' ? 'PST' : zone);

/** The readable trigger text, e.g. "A comment contains the 🔥 emoji". */
export function describeTrigger(trigger: RuleTrigger): string {
  switch (trigger.type) {
    case 'first_message':
      return 'A customer sends their first message';
    case 'dm_keyword':
      return `A message contains ${quoteList(trigger.keywords)}`;
    case 'product_mention':
      return 'A message mentions a product name or SKU';
    case 'comment_keyword': {
      const [only] = trigger.keywords;
      const isSingleEmoji =
        trigger.keywords.length === 1 && only !== undefined && /^\p{Extended_Pictographic}/u.test(only);
      const where = trigger.mediaId ? `A comment on post ${trigger.mediaId}` : 'A comment';
      return isSingleEmoji
        ? `${where} contains the ${only} emoji`
        : `${where} contains ${quoteList(trigger.keywords)}`;
    }
    case 'outside_business_hours':
      return `A message arrives outside business hours (${to12h(trigger.opensAt)}-${to12h(trigger.closesAt)} ${zoneLabel(trigger.timeZone)})`;
  }
}

/** The readable action text, e.g. "Send the commenter a DM with the product link". */
export function describeAction(action: RuleAction): string {
  switch (action.type) {
    case 'answer_availability':
      return 'Check live inventory and reply with availability and a checkout link';
    case 'private_reply_product_link': {
      const link = action.productId
        ? `the link to ${action.productTitle ?? 'the chosen product'}`
        : 'the product link';
      const dm = action.dmText ? `: "${action.dmText}"` : '';
      return action.publicReply
        ? `Send the commenter a DM with ${link}${dm} and reply publicly: "${action.publicReply}"`
        : `Send the commenter a DM with ${link}${dm}`;
    }
    case 'fixed_text':
      return `Reply: "${action.text}"`;
    case 'hand_off':
      return 'Hand the conversation to a person';
    case 'do_nothing':
      return 'Do nothing';
  }
}
