import { z } from './zod.ts';
import { describe, expect, it } from 'vitest';
import { createRuleInputSchema, sendMessageInputSchema } from './dashboard-actions.ts';
import { connectStoreInputSchema } from './catalog.ts';
import { fieldLabel, issuesSentence } from './messages.ts';

const sentenceOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return issuesSentence(
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
};

describe('refusals people read', () => {
  it("uses a schema's own sentence as it is", () => {
    expect(sentenceOf(sendMessageInputSchema, { content: '   ' })).toBe('Write a reply first.');
    expect(
      sentenceOf(connectStoreInputSchema, {
        platform: 'shopify',
        shopDomain: 'myshop.com',
        accessToken: 'x',
      }),
    ).toContain("That doesn't look like a Shopify address: use your-shop.myshopify.com");
  });

  it("words zod's own issues as sentences naming the field, never zod's wording", () => {
    const schema = z.strictObject({
      shopDomain: z.string().min(1),
      tone: z.enum(['calm', 'bold']),
      count: z.number().max(3),
    });
    const sentence = sentenceOf(schema, { shopDomain: '', tone: 'loud', count: 9, extra: 1 });
    expect(sentence).toBe(
      'Shop domain must not be empty. Tone must be one of calm, bold. Count must be at most 3. The request has a field it does not take: extra.',
    );
    expect(sentence).not.toMatch(/Too small|expected|Invalid/);
    expect(
      sentenceOf(createRuleInputSchema, {
        name: 'x',
        triggerConfig: { type: 'dm_keyword', keywords: [] },
        actionConfig: { type: 'do_nothing' },
      }),
    ).toBe('Keywords must list at least one keyword or emoji.');
  });

  it('names fields from their paths', () => {
    expect(fieldLabel('triggerConfig.keywords.0')).toBe('Keywords');
    expect(fieldLabel('body')).toBe('The request');
    expect(fieldLabel('')).toBe('The request');
  });
});
