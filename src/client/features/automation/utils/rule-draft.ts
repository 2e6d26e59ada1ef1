import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  defaultBusinessHours,
  describeAction,
  describeTrigger,
  dmTextPlaceholders,
  ruleLimits,
  ruleTextPlaceholders,
  weekdays,
  type RuleAction,
  type RuleActionType,
  type RuleTrigger,
  type RuleTriggerType,
} from '#contracts/automation.ts';
import { createRuleInputSchema } from '#contracts/dashboard-actions.ts';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { fieldMessage } from '#client/lib/field-message.ts';

/**
 * The rule form's draft: everything the form holds, whatever type is chosen, so switching types back and forth keeps
 * what was typed. The request body is built from it and checked by the API's own schema (`createRuleInputSchema`).
 */
export interface RuleDraft {
  name: string;
  triggerType: RuleTriggerType;
  keywords: string;
  opensAt: string;
  closesAt: string;
  timeZone: string;
  days: string[];
  actionType: RuleActionType;
  text: string;
  publicReply: string;
  /** '' for any post, 'other' for a typed id, else a post's media id. */
  post: string;
  otherPost: string;
  productId: string;
  productTitle: string;
  dmText: string;
}

/** A saved rule as a draft to edit, or an empty draft (a keyword rule with a fixed reply) without one. */
export function draftOf(rule: AutomationRule | undefined): RuleDraft {
  const trigger = rule?.triggerConfig;
  const action = rule?.actionConfig;
  const hours = trigger?.type === 'outside_business_hours' ? trigger : defaultBusinessHours;
  const productLink = action?.type === 'private_reply_product_link' ? action : undefined;
  return {
    name: rule?.name ?? '',
    triggerType: trigger?.type ?? 'dm_keyword',
    keywords: trigger && 'keywords' in trigger ? trigger.keywords.join(', ') : '',
    opensAt: hours.opensAt,
    closesAt: hours.closesAt,
    timeZone: hours.timeZone,
    days: [...hours.days],
    actionType: action?.type ?? 'fixed_text',
    text: action?.type === 'fixed_text' ? action.text : '',
    publicReply: productLink?.publicReply ?? '',
    post: trigger?.type === 'comment_keyword' ? (trigger.mediaId ?? '') : '',
    otherPost: '',
    productId: productLink?.productId ?? '',
    productTitle: productLink?.productTitle ?? '',
    dmText: productLink?.dmText ?? '',
  };
}

const splitKeywords = (text: string) =>
  text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);

/** The trigger the draft describes, for its chosen type only (the schema checks it). */
function triggerOf(draft: RuleDraft): unknown {
  switch (draft.triggerType) {
    case 'dm_keyword':
      return { type: draft.triggerType, keywords: splitKeywords(draft.keywords) };
    case 'comment_keyword': {
      const mediaId = draft.post === 'other' ? draft.otherPost : draft.post;
      return {
        type: draft.triggerType,
        keywords: splitKeywords(draft.keywords),
        ...(mediaId ? { mediaId } : {}),
      };
    }
    case 'outside_business_hours':
      return {
        type: draft.triggerType,
        opensAt: draft.opensAt,
        closesAt: draft.closesAt,
        timeZone: draft.timeZone.trim(),
        // In the week's order, whatever order they were ticked in.
        days: weekdays.filter((day) => draft.days.includes(day)),
      };
    default:
      return { type: draft.triggerType };
  }
}

/** The action the draft describes; optional texts left empty are left out, so the standard wording applies. */
function actionOf(draft: RuleDraft): unknown {
  switch (draft.actionType) {
    case 'fixed_text':
      return { type: 'fixed_text', text: draft.text };
    case 'private_reply_product_link':
      return {
        type: draft.actionType,
        ...(draft.publicReply.trim() ? { publicReply: draft.publicReply } : {}),
        ...(draft.productId ? { productId: draft.productId, productTitle: draft.productTitle } : {}),
        ...(draft.dmText.trim() ? { dmText: draft.dmText } : {}),
      };
    default:
      return { type: draft.actionType };
  }
}

/** The draft's fields that a refusal can name, with the label the form shows them under. */
export const ruleFieldLabels = {
  name: 'Rule Name',
  triggerType: 'Trigger Condition',
  keywords: 'Keywords',
  post: 'On which post or reel',
  otherPost: 'Post id',
  opensAt: 'Opens at',
  closesAt: 'Closes at',
  timeZone: 'Time zone',
  days: 'Business days',
  actionType: 'Action to Perform',
  text: 'Reply text',
  productId: 'Product the DM sends',
  dmText: 'DM text (optional)',
  publicReply: 'Public reply (optional)',
} as const satisfies Partial<Record<keyof RuleDraft, string>>;
export type RuleField = keyof typeof ruleFieldLabels;

/** The hints under the texts: which placeholders each may use, and how long it may be. */
export const ruleFieldHints = {
  keywords: 'Separate several with commas; any one of them matches (case-insensitive).',
  post: "Posts appear here once they have comments; pick “Another post” to type a post's id.",
  text: `Placeholders: ${ruleTextPlaceholders.join(', ')}. At most ${ruleLimits.fixedTextMax} characters.`,
  dmText: `Leave empty for the standard DM. Placeholders: ${dmTextPlaceholders.join(', ')}.`,
  publicReply: `Also answer the comment publicly, at most ${ruleLimits.publicReplyMax} characters.`,
} as const satisfies Partial<Record<RuleField, string>>;

/** Which draft field a schema issue at `path` is about. */
function fieldOf(path: readonly PropertyKey[], draft: RuleDraft): RuleField {
  const [group, field] = path.map(String);
  if (group === 'name') return 'name';
  if (group === 'triggerConfig') {
    if (field === 'mediaId') return draft.post === 'other' ? 'otherPost' : 'post';
    if (field === 'keywords' || field === 'opensAt' || field === 'closesAt' || field === 'timeZone')
      return field;
    if (field === 'days') return 'days';
    return 'triggerType';
  }
  if (field === 'text' || field === 'dmText' || field === 'publicReply') return field;
  if (field === 'productId' || field === 'productTitle') return 'productId';
  return 'actionType';
}

export type RuleDraftCheck =
  | { success: true; body: { name: string; triggerConfig: RuleTrigger; actionConfig: RuleAction } }
  | { success: false; errors: Partial<Record<RuleField, string>> };

/**
 * The request body the draft makes, checked by the API's schema; or, per field, the first thing wrong with it
 * (as a sentence to show under that field).
 */
export function checkRuleDraft(draft: RuleDraft): RuleDraftCheck {
  const parsed = createRuleInputSchema.safeParse({
    name: draft.name,
    triggerConfig: triggerOf(draft),
    actionConfig: actionOf(draft),
  });
  if (parsed.success) {
    const { name, triggerConfig, actionConfig } = parsed.data;
    return { success: true, body: { name, triggerConfig, actionConfig } };
  }
  const errors: Partial<Record<RuleField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, draft);
    errors[field] ??= fieldMessage(ruleFieldLabels[field], issue.message);
  }
  return { success: false, errors };
}

/** How the rule will read in the list, once the draft is a valid rule; null before. */
export function previewOf(draft: RuleDraft): { trigger: string; action: string } | null {
  const check = checkRuleDraft(draft);
  return check.success
    ? { trigger: describeTrigger(check.body.triggerConfig), action: describeAction(check.body.actionConfig) }
    : null;
}

/** react-hook-form's resolver for the draft: the same check, its errors under the draft's field names. */
export const ruleDraftResolver: Resolver<RuleDraft> = (values) => {
  const check = checkRuleDraft(values);
  if (check.success) return { values, errors: {} };
  const errors: FieldErrors<RuleDraft> = {};
  for (const [field, message] of Object.entries(check.errors) as [RuleField, string][]) {
    errors[field] = { type: 'validate', message };
  }
  return { values: {}, errors };
};
