import { describe, expect, it } from 'vitest';
import type { AutomationRule } from '#contracts/dashboard.ts';
import {
  checkRuleDraft,
  draftOf,
  previewOf,
  ruleDraftResolver,
  ruleFieldHints,
  type RuleDraft,
} from './rule-draft.ts';

const productId = '4f1c2b1e-8c0a-4d4e-9b7a-1f2e3d4c5b6a';
const draft = (change: Partial<RuleDraft>): RuleDraft => ({ ...draftOf(undefined), ...change });

function savedRule(
  triggerConfig: AutomationRule['triggerConfig'],
  actionConfig: AutomationRule['actionConfig'],
) {
  return { id: 'r1', name: 'Saved', trigger: '', action: '', active: true, triggerConfig, actionConfig };
}

describe('rule draft → request body', () => {
  it('a keyword rule: keywords split at commas, trimmed, empty ones dropped', () => {
    expect(
      checkRuleDraft(draft({ name: 'Sizes', keywords: ' size, , fit ,', text: 'Hi {first_name}' })),
    ).toEqual({
      success: true,
      body: {
        name: 'Sizes',
        triggerConfig: { type: 'dm_keyword', keywords: ['size', 'fit'] },
        actionConfig: { type: 'fixed_text', text: 'Hi {first_name}' },
      },
    });
  });

  it('a comment rule on a typed post id, sending a chosen product; empty optional texts are left out', () => {
    const check = checkRuleDraft(
      draft({
        name: 'Reel',
        triggerType: 'comment_keyword',
        keywords: '🔥',
        post: 'other',
        otherPost: '1790',
        actionType: 'private_reply_product_link',
        productId,
        productTitle: 'Hoodie',
        publicReply: '  ',
        dmText: '',
      }),
    );
    expect(check).toEqual({
      success: true,
      body: {
        name: 'Reel',
        triggerConfig: { type: 'comment_keyword', keywords: ['🔥'], mediaId: '1790' },
        actionConfig: { type: 'private_reply_product_link', productId, productTitle: 'Hoodie' },
      },
    });
  });

  it('business hours: the days in the week order, whatever order they were ticked in; other fields ignored', () => {
    const check = checkRuleDraft(
      draft({
        name: 'Night',
        triggerType: 'outside_business_hours',
        keywords: 'left over from another type',
        days: ['fri', 'mon'],
        timeZone: ' Europe/Paris ',
        actionType: 'hand_off',
      }),
    );
    expect(check.success && check.body.triggerConfig).toEqual({
      type: 'outside_business_hours',
      opensAt: '09:00',
      closesAt: '18:00',
      timeZone: 'Europe/Paris',
      days: ['mon', 'fri'],
    });
    expect(check.success && check.body.actionConfig).toEqual({ type: 'hand_off' });
  });

  it('a saved rule opens as a draft that saves back to the same rule', () => {
    const rules = [
      savedRule(
        { type: 'comment_keyword', keywords: ['🔥', 'want'], mediaId: '1790' },
        {
          type: 'private_reply_product_link',
          productId,
          productTitle: 'Hoodie',
          dmText: 'Here: {product_link}',
        },
      ),
      savedRule(
        {
          type: 'outside_business_hours',
          opensAt: '08:30',
          closesAt: '17:00',
          timeZone: 'UTC',
          days: ['sat'],
        },
        { type: 'fixed_text', text: 'We are closed' },
      ),
    ];
    for (const rule of rules) {
      expect(checkRuleDraft(draftOf(rule))).toEqual({
        success: true,
        body: { name: 'Saved', triggerConfig: rule.triggerConfig, actionConfig: rule.actionConfig },
      });
    }
  });
});

describe('rule draft validation', () => {
  it('names each wrong field with a sentence: the label before a schema fragment, the schema sentence as is', () => {
    const check = checkRuleDraft(
      draft({
        name: '',
        triggerType: 'comment_keyword',
        keywords: ' , ',
        post: 'other',
        otherPost: 'not an id!',
      }),
    );
    expect(check).toEqual({
      success: false,
      errors: {
        name: 'Rule Name must not be empty.',
        keywords: 'Keywords must list at least one keyword or emoji.',
        otherPost: "That doesn't look like a post id: use the digits Instagram gives the post.",
        text: expect.any(String),
      },
    });
  });

  it('business hours without a day or with an unknown zone: those fields', () => {
    const check = checkRuleDraft(
      draft({
        name: 'N',
        triggerType: 'outside_business_hours',
        days: [],
        timeZone: 'Mars/Base',
        actionType: 'hand_off',
      }),
    );
    expect(check).toEqual({
      success: false,
      errors: {
        days: 'Business days must include at least one day.',
        timeZone: 'Time zone must be an IANA time zone like America/Los_Angeles.',
      },
    });
  });

  it('a product id that is not one the store gave: the product picker', () => {
    const check = checkRuleDraft(
      draft({
        name: 'N',
        triggerType: 'comment_keyword',
        keywords: 'x',
        actionType: 'private_reply_product_link',
        productId: 'p1',
      }),
    );
    expect(check).toEqual({
      success: false,
      errors: { productId: 'Choose the product the DM sends from the list.' },
    });
  });

  it('the preview reads the rule only once it is valid', () => {
    expect(previewOf(draft({ name: 'N', keywords: 'size' }))).toBeNull();
    expect(previewOf(draft({ name: 'N', keywords: 'size', text: 'Hello' }))).toEqual({
      trigger: expect.stringContaining('size'),
      action: expect.stringContaining('Hello'),
    });
  });

  it('the form resolver reports the same errors under the draft field names, and no values', async () => {
    const result = await ruleDraftResolver(draft({ name: 'N', keywords: '', text: 'Hi' }), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result).toEqual({
      values: {},
      errors: {
        keywords: { type: 'validate', message: 'Keywords must list at least one keyword or emoji.' },
      },
    });
    const valid = draft({ name: 'N', keywords: 'size', text: 'Hi' });
    expect(
      await ruleDraftResolver(valid, undefined, { fields: {}, shouldUseNativeValidation: false }),
    ).toEqual({
      values: valid,
      errors: {},
    });
  });
});

describe('rule text hints', () => {
  it('name the placeholders each text may use: the DM also {product}, the fixed reply not', () => {
    expect(ruleFieldHints.text).toContain('{first_name}');
    expect(ruleFieldHints.text).not.toContain('{product}');
    expect(ruleFieldHints.dmText).toContain('{product}');
    expect(ruleFieldHints.dmText).toContain('{product_link}');
  });
});
