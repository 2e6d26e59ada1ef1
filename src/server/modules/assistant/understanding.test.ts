import { describe, expect, it } from 'vitest';
import { sampleProducts } from '#tests/support/memory-catalog.ts';
import type { CatalogProduct } from './ports.ts';
import { classifyIntent, expandShorthand, narrowByNamedOptions, readNamedOptions } from './understanding.ts';

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

/** A product with one option, built for the option-word readings (decision 050). */
function productWith(title: string, name: string, values: string[]): CatalogProduct {
  return {
    id: title,
    title,
    productType: 'Test',
    vendor: 'Test',
    tags: [],
    url: null,
    imageUrl: null,
    variants: values.map((value) => ({
      id: `${title}/${value}`,
      title: value,
      options: [{ name, value }],
      sku: null,
      price: '10.00',
      currency: 'USD',
      availableForSale: true,
      stockQuantity: null,
    })),
  };
}

describe('readNamedOptions: what the buyer says of options beyond the store’s own words (decision 050)', () => {
  const tabs = productWith('Electrolyte Hydration Tabs', 'Pack', ['Single Tube', '4 Tubes']);
  const skillet = productWith('Cast Iron Skillet', 'Size', ['8 in', '10 in', '12 in']);
  const gummies = productWith('Creatine Gummies', 'Flavor', ['Sour Cherry', 'Mango']);
  const napkins = productWith('Linen Napkins', 'Color', ['White', 'Oatmeal', 'Sage', 'Charcoal']);
  const card = productWith('Gift Card', 'Amount', ['$25', '$50', '$100']);
  const rug = productWith('Wool Rug', 'Size', ['5x8 ft', '8x10 ft']);
  const whey = productWith('Whey Isolate', 'Flavor', ['Chocolate', 'Vanilla']);

  it.each([
    ['electrolyte tabs lemon, the 4 tube pack', tabs.title, ['4 Tubes'], tabs],
    ['the 4 pack please', tabs.title, ['4 Tubes'], tabs],
    ['the 10 tube pack', tabs.title, [], tabs],
    ['cast iron skillet 14 inch', skillet.title, [], skillet],
    ['the 10 inch one', skillet.title, ['10 in'], skillet],
    ['creatine gummies strawberry flavour', gummies.title, [], gummies],
    ['linen napkins in navy?', napkins.title, [], napkins],
    ['can i get a $200 gift card', card.title, [], card],
    ['the $100 one', card.title, ['$100'], card],
    ['the 5 x 8 please', rug.title, ['5x8 ft'], rug],
    ['the smaller one', rug.title, ['5x8 ft'], rug],
    ['whey isolat choclate', whey.title, ['Chocolate'], whey],
  ] as const)('"%s" of %s', (text, _title, values, product) => {
    const named = readNamedOptions(product, text);
    expect(Object.values(named)[0] ?? null).toEqual(values);
  });
});
