import { describe, expect, it } from 'vitest';
import { describeAction, describeTrigger, ruleActionSchema, ruleTriggerSchema } from './automation.ts';

describe('structured automation rules', () => {
  it('describes the three sample rules in their words', () => {
    expect(describeTrigger({ type: 'product_mention' })).toBe('A message mentions a product name or SKU');
    expect(describeTrigger(ruleTriggerSchema.parse({ type: 'comment_keyword', keywords: ['🔥'] }))).toBe(
      'A comment contains the 🔥 emoji',
    );
    expect(describeTrigger(ruleTriggerSchema.parse({ type: 'outside_business_hours' }))).toBe(
      'A message arrives outside business hours (9am-6pm PST)',
    );
    expect(describeAction({ type: 'answer_availability' })).toBe(
      'Check live inventory and reply with availability and a checkout link',
    );
    expect(describeAction({ type: 'private_reply_product_link' })).toBe(
      'Send the commenter a DM with the product link',
    );
  });

  it('names the bad field', () => {
    const bad = ruleTriggerSchema.safeParse({
      type: 'outside_business_hours',
      opensAt: '25:00',
      timeZone: 'Mars/Base',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['opensAt', 'timeZone']);
    expect(ruleActionSchema.safeParse({ type: 'fixed_text', text: '' }).success).toBe(false);
    expect(ruleTriggerSchema.safeParse({ type: 'dm_keyword', keywords: [] }).success).toBe(false);
  });

  it('describes keywords and times of other rules', () => {
    expect(describeTrigger({ type: 'dm_keyword', keywords: ['price', 'how much'] })).toBe(
      'A message contains "price" or "how much"',
    );
    expect(
      describeTrigger({
        type: 'outside_business_hours',
        opensAt: '08:30',
        closesAt: '17:00',
        timeZone: 'Europe/Paris',
        days: ['mon'],
      }),
    ).toBe('A message arrives outside business hours (8:30am-5pm Europe/Paris)');
  });
});
