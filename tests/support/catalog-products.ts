import type { CatalogProduct, CatalogVariant } from '#server/ports/catalog.ts';

/**
 * Products for the assistant's in-memory catalog (memory-catalog.ts), built the way a store lists them: ids
 * shaped like the mirror's UUIDs, one variant per combination of option values.
 */

let sequence = 0;
const nextId = () => `00000000-0000-4000-c000-${String((sequence += 1)).padStart(12, '0')}`;

/** A variant with these option values; its title joins the values unless one is given. */
export function catalogVariant(
  options: [string, string][],
  quantity = 5,
  price = '20.00',
  title = options.map(([, value]) => value).join(' / '),
): CatalogVariant {
  return {
    id: nextId(),
    title,
    options: options.map(([name, value]) => ({ name, value })),
    sku: null,
    price,
    currency: 'USD',
    availableForSale: quantity > 0,
    stockQuantity: quantity,
  };
}

export function catalogProduct(
  title: string,
  productType: string,
  tags: string[],
  variants: CatalogVariant[],
): CatalogProduct {
  return { id: nextId(), title, productType, vendor: 'Test', tags, url: null, imageUrl: null, variants };
}

/** A product with a variant for every combination of its options' values, in stock. */
export function productWithOptions(
  title: string,
  productType: string,
  tags: string[],
  options: Record<string, string[]>,
): CatalogProduct {
  let combos: [string, string][][] = [[]];
  for (const [name, values] of Object.entries(options))
    combos = combos.flatMap((combo) => values.map((value) => [...combo, [name, value] as [string, string]]));
  return catalogProduct(
    title,
    productType,
    tags,
    combos.map((combo) => catalogVariant(combo)),
  );
}
