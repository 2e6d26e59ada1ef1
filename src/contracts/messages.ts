import type { z } from 'zod';
import type { ErrorIssue } from './errors.ts';

/**
 * The words people read when a value is refused. A schema's own message wins (many are whole sentences, e.g.
 * "Write a reply first."); everything else gets a short predicate from `humanIssue` instead of zod's wording
 * ("Too small: expected string to have >=1 characters"), and `issueSentence` makes it a sentence with the field's
 * name. Every schema of ours is built with the zod of `zod.ts`, which makes `humanIssue` zod's wording.
 */
type RawIssue = z.core.$ZodRawIssue;

const count = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

export function humanIssue(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return Number(min) <= 1
          ? 'must not be empty'
          : `must be at least ${count(min, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must list at least ${count(min, 'item', 'items')}`;
      return `must be at least ${min}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `must be at most ${count(max, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must list at most ${count(max, 'item', 'items')}`;
      return `must be at most ${max}`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return 'is missing';
      return issue.expected === 'string'
        ? 'must be text'
        : issue.expected === 'number' || issue.expected === 'int'
          ? 'must be a number'
          : issue.expected === 'boolean'
            ? 'must be true or false'
            : issue.expected === 'array'
              ? 'must be a list'
              : issue.expected === 'object'
                ? 'must be an object'
                : `must be ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an email address like name@example.com';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'must be an id as the API gives it';
      if (issue.format === 'url') return 'must be a web address';
      if (issue.format === 'datetime' || issue.format === 'date') return 'must be a date';
      return 'is not in the expected form';
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not take: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not one of the accepted forms';
    default:
      return undefined;
  }
}

/** "shopDomain" -> "Shop domain"; the last named segment of the path ("triggerConfig.keywords.0" -> "Keywords"). */
export function fieldLabel(path: string): string {
  const name = path
    .split('.')
    .reverse()
    .find((segment) => segment !== '' && !/^\d+$/.test(segment));
  if (!name || ['body', 'querystring', 'params', 'headers', 'request'].includes(name)) return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One issue as a sentence: the schema's own sentence as it is, else "Field label predicate." */
export function issueSentence(issue: ErrorIssue): string {
  const message = issue.message.trim();
  const sentence = /^[A-Z]/.test(message) ? message : `${fieldLabel(issue.path)} ${message}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Every issue of a refused request as sentences, one after another (the 400 body's `message`). */
export function issuesSentence(issues: readonly ErrorIssue[]): string {
  return [...new Set(issues.map(issueSentence))].join(' ');
}
