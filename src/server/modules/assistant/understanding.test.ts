import { describe, expect, it } from 'vitest';
import { sampleProducts } from '#tests/support/memory-catalog.ts';
import { classifyIntent, expandShorthand, narrowByNamedOptions } from './understanding.ts';

describe('classifyIntent', () => {
  it.each([
    ['can i talk to a real person', false, 'human'],
    ['is anyone real there??', false, 'human'],
    ['worst service ever, I want a refund now', false, 'complaint'],
    ['where is my order #4821', false, 'order_status'],
    ['do you ship to canada?', false, 'shipping_returns'],
    ['how much is it', true, 'price'],
    ['what sizes do you have', true, 'options'],
    ['do u have it in stock', true, 'availability'],
    ['hey!', false, 'greeting'],
    ['thanks ❤️', false, 'thanks'],
    ['cloud hoodie', true, 'availability'],
    ['lovely weather', false, 'other'],
  ] as const)('"%s" -> %s', (text, mentionsProduct, intent) => {
    expect(classifyIntent(text, mentionsProduct)).toBe(intent);
  });
});

describe('narrowByNamedOptions', () => {
  const [hoodie] = sampleProducts();
  const all = hoodie!.variants.map((variant) => variant.id);
  const titles = (ids: string[]) =>
    ids.map((id) => hoodie!.variants.find((variant) => variant.id === id)!.title);

  it('keeps the variants whose option values the buyer wrote, including shorthand', () => {
    expect(titles(narrowByNamedOptions(hoodie!, all, 'the red one please'))).toEqual([
      'S / Red',
      'M / Red',
      'L / Red',
    ]);
    expect(expandShorthand('blk hoodie in lrg')).toBe('black hoodie in large');
  });

  it('never narrows to nothing and leaves single letters to the catalog', () => {
    expect(narrowByNamedOptions(hoodie!, all, 'in purple')).toEqual(all);
    expect(narrowByNamedOptions(hoodie!, all, "I'm looking")).toEqual(all);
  });
});
