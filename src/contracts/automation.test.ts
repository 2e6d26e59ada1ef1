import { describe, expect, it } from 'vitest';
import {
  describeAction,
  describeTrigger,
  findHiddenRules,
  orderRules,
  ruleActionSchema,
  ruleTriggerSchema,
  type RuleTrigger,
} from './automation.ts';

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

  const rule = (id: string, triggerConfig: RuleTrigger, active = true) => ({ id, active, triggerConfig });

  it('orders rules as they are tried: by trigger type, a named post before any post, then oldest first', () => {
    const rules = [
      rule('first', { type: 'first_message' }),
      rule('any-fire', { type: 'comment_keyword', keywords: ['🔥'] }),
      rule('price', { type: 'dm_keyword', keywords: ['price'] }),
      rule('reel-fire', { type: 'comment_keyword', keywords: ['🔥'], mediaId: '179' }),
      rule('any-love', { type: 'comment_keyword', keywords: ['love'] }),
    ];
    expect(orderRules(rules).map((r) => r.id)).toEqual([
      'reel-fire',
      'any-fire',
      'any-love',
      'price',
      'first',
    ]);
  });

  it('finds the rules an earlier one hides, and only those', () => {
    const hidden = findHiddenRules([
      rule('any-fire', { type: 'comment_keyword', keywords: ['🔥', 'link'] }),
      rule('reel-fire', { type: 'comment_keyword', keywords: ['🔥'], mediaId: '179' }),
      rule('fire-again', { type: 'comment_keyword', keywords: ['🔥🔥'] }),
      rule('send-link', { type: 'comment_keyword', keywords: ['send link please'] }),
      rule('price', { type: 'dm_keyword', keywords: ['price'] }),
      rule('price-list', { type: 'dm_keyword', keywords: ['price list', 'prices'] }),
      rule('first', { type: 'first_message' }),
      rule('first-again', { type: 'first_message' }),
      rule('off', { type: 'first_message' }, false),
    ]);
    // The named-post rule is tried first, so it hides nothing and nothing hides it; "prices" is another word.
    expect(hidden).toEqual({
      'fire-again': 'any-fire',
      'send-link': 'any-fire',
      'first-again': 'first',
    });
  });

  it('describes a rule that names its post and its product', () => {
    expect(describeTrigger({ type: 'comment_keyword', keywords: ['🔥'], mediaId: '17900000000000001' })).toBe(
      'A comment on post 17900000000000001 contains the 🔥 emoji',
    );
    expect(
      describeAction({
        type: 'private_reply_product_link',
        productId: '6f1c1c4e-2a55-4d7c-9a39-7c1f2f1f3a11',
        productTitle: 'Hoodie',
        dmText: 'Here it is: {product_link}',
      }),
    ).toBe('Send the commenter a DM with the link to Hoodie: "Here it is: {product_link}"');
  });
});
