import { z } from 'zod';

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
  /** An emoji or keyword in a comment. */
  z.object({ type: z.literal('comment_keyword'), keywords: keywordsSchema }),
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
  /** Send the commenter a private-reply DM with the product link; optionally a short public reply too. */
  z.object({
    type: z.literal('private_reply_product_link'),
    publicReply: z.string().trim().max(ruleLimits.publicReplyMax).optional(),
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

/** The order rules are tried in: the narrowest triggers first. */
export const ruleEvaluationOrder: readonly RuleTriggerType[] = [
  'comment_keyword',
  'outside_business_hours',
  'dm_keyword',
  'product_mention',
  'first_message',
];

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
      return isSingleEmoji
        ? `A comment contains the ${only} emoji`
        : `A comment contains ${quoteList(trigger.keywords)}`;
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
    case 'private_reply_product_link':
      return action.publicReply
        ? `Send the commenter a DM with the product link and reply publicly: "${action.publicReply}"`
        : 'Send the commenter a DM with the product link';
    case 'fixed_text':
      return `Reply: "${action.text}"`;
    case 'hand_off':
      return 'Hand the conversation to a person';
    case 'do_nothing':
      return 'Do nothing';
  }
}
