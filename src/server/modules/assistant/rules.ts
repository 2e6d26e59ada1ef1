import { orderRules, type RuleTrigger, type weekdays } from '#contracts/automation.ts';
import { normaliseText } from './understanding.ts';
import type { StoredRule } from './types.ts';

export interface RuleEvent {
  kind: 'message' | 'comment';
  text: string;
  /** The post or reel a comment is on (null for a DM, or when Instagram did not say). */
  mediaId: string | null;
  isFirstMessage: boolean;
  receivedAt: Date;
  /** Asked lazily: only a product_mention rule needs the catalog search. */
  mentionsProduct: () => Promise<boolean>;
}

/** The time of day and weekday at `at` in `timeZone` (the rule's zone, not the server's). */
export function readZonedClock(
  at: Date,
  timeZone: string,
): { day: (typeof weekdays)[number]; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = get('weekday').toLowerCase().slice(0, 3) as (typeof weekdays)[number];
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function isOutsideBusinessHours(
  trigger: Extract<RuleTrigger, { type: 'outside_business_hours' }>,
  at: Date,
): boolean {
  const { day, minutes } = readZonedClock(at, trigger.timeZone);
  const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const opens = toMinutes(trigger.opensAt);
  const closes = toMinutes(trigger.closesAt);
  if (!trigger.days.includes(day)) return true;
  // Hours that cross midnight (e.g. 18:00-02:00) are open on both sides of it.
  const isOpen =
    opens <= closes ? minutes >= opens && minutes < closes : minutes >= opens || minutes < closes;
  return !isOpen;
}

/** Keywords match case-insensitively as whole words or phrases; emoji anywhere in the text. */
export function containsKeyword(text: string, keyword: string): boolean {
  const haystack = normaliseText(text);
  const needle = normaliseText(keyword.trim());
  if (needle === '') return false;
  if (!/[\p{L}\p{N}]/u.test(needle)) return haystack.includes(needle);
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);
}

async function matches(trigger: RuleTrigger, event: RuleEvent): Promise<boolean> {
  switch (trigger.type) {
    case 'comment_keyword':
      return (
        event.kind === 'comment' &&
        (!trigger.mediaId || trigger.mediaId === event.mediaId) &&
        trigger.keywords.some((keyword) => containsKeyword(event.text, keyword))
      );
    case 'outside_business_hours':
      return event.kind === 'message' && isOutsideBusinessHours(trigger, event.receivedAt);
    case 'dm_keyword':
      return (
        event.kind === 'message' && trigger.keywords.some((keyword) => containsKeyword(event.text, keyword))
      );
    case 'product_mention':
      return event.kind === 'message' && (await event.mentionsProduct());
    case 'first_message':
      return event.kind === 'message' && event.isFirstMessage;
  }
}

/**
 * Active rules in the contract's order (`orderRules`: narrowest trigger first, a named post before any post), then
 * oldest first; the first rule whose trigger matches is the one applied. The dashboard shows the same order.
 */
export async function matchRule(rules: StoredRule[], event: RuleEvent): Promise<StoredRule | null> {
  const oldestFirst = rules
    .filter((rule) => rule.active)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const ordered = orderRules(
    oldestFirst.map((rule) => ({ id: rule.id, active: rule.active, triggerConfig: rule.trigger, rule })),
  ).map((entry) => entry.rule);
  for (const rule of ordered) {
    if (await matches(rule.trigger, event)) return rule;
  }
  return null;
}
