import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBrand, createTestUser, useTestApp } from '#tests/support/test-app.ts';
import type { FindProductsResult } from '#server/ports/catalog.ts';

/** Finding the product over the sample store: typos, plurals, sizes written many ways, colours, SKUs, ambiguity. */
let brandId: string;

const find = (text: string) => app.catalog.answers.findProducts({ brandId, text });
const top = (result: FindProductsResult) => {
  const match = result.matches[0]!;
  return {
    title: match.product.title,
    variant: match.product.variants.find((v) => v.id === match.variantIds[0])?.title,
  };
};

const app = useTestApp();
beforeAll(async () => {
  const user = await createTestUser(app.database.db);
  brandId = (await createTestBrand(app.database.db, { userId: user.id, name: 'B', username: 'b' })).id;
  await app.catalog.connections.connect(user.id, brandId, { platform: 'sample' });
});

describe('find the product', () => {
  it.each([
    ['hoodi in navy, medium', 'Classic Pullover Hoodie', 'M / Navy'],
    ['lenin shirt white L', 'Linen Button-Down Shirt', 'L / White'],
    ['leggins black size small', 'High Waist Yoga Leggings', 'S / Black'],
    ['slim jeans W32 L30 black', 'Slim Fit Stretch Jeans', '32x30 / Black'],
    ['slim fit jeans 32x30 in black', 'Slim Fit Stretch Jeans', '32x30 / Black'],
    ['white sneakers size 8', 'White Leather Sneakers', '8 / White'],
    ['wrap dresses, uk 12, red', 'Floral Wrap Midi Dress', '12 / Red Floral'],
    ['gray joggers XL', 'Fleece Jogger Sweatpants', 'XL / Heather Grey'],
    ['HP-TEE-M-NAVY', 'Essential Crew Neck T-Shirt', 'M / Navy'],
    ['hyaluronic serum 50 ml', 'Hyaluronic Acid Hydrating Serum', '50 ml'],
  ])('%s → %s / %s', async (text, title, variant) => {
    const result = await find(text);
    expect(result.outcome).toBe('match');
    expect(top(result)).toEqual({ title, variant });
  });

  it('reads a short word typed with a letter doubled or not ("gell", "mate")', async () => {
    expect((await find('gell')).matches.map((match) => match.product.title)).toContain('Clear Brow Gel');
    expect(top(await find('mate lipstick'))).toMatchObject({ title: 'Velvet Matte Liquid Lipstick' });
    // A two-letter word is not read as a longer one with its letter doubled ("al" is no "all").
    expect((await find('al')).outcome).toBe('none');
  });

  it('offers several candidates when the text fits several products about equally', async () => {
    const result = await find('hoodie');
    expect(result.outcome).toBe('ambiguous');
    expect(result.matches.map((m) => m.product.title)).toEqual(
      expect.arrayContaining(['Classic Pullover Hoodie', 'Everyday Zip-Up Hoodie', 'Cropped Boxy Hoodie']),
    );
  });

  it('says none for what the store does not sell', async () => {
    expect((await find('do you sell sunglasses?')).outcome).toBe('none');
    expect((await find('😍😍')).outcome).toBe('none');
  });

  it('reports the options it read and gives every variant when none is named', async () => {
    const named = await find('linen shirt in white size L');
    expect(named.requestedOptions).toEqual(
      expect.arrayContaining([
        { name: 'size', value: 'l' },
        { name: 'color', value: 'white' },
      ]),
    );
    const unnamed = await find('linen button down shirt');
    expect(unnamed.matches[0]!.variantIds.length).toBe(unnamed.matches[0]!.product.variants.length);
  });

  it('lists in-stock alternatives: other variants first, then similar products', async () => {
    const result = await find('linen shirt white L');
    const product = result.matches[0]!.product;
    const alternatives = await app.catalog.answers.listAlternatives({
      brandId,
      productId: product.id,
      variantId: result.matches[0]!.variantIds[0]!,
    });
    expect(alternatives[0]!.product.id).toBe(product.id);
    expect(alternatives[0]!.variantIds).not.toContain(result.matches[0]!.variantIds[0]);
    expect(alternatives.slice(1).every((a) => a.product.id !== product.id && a.variantIds.length > 0)).toBe(
      true,
    );
  });
});
