import { createHash } from 'node:crypto';
import catalog from './catalog.json' with { type: 'json' };
import type { StoreProductInput } from '../store-data.ts';

/** The built-in store, labelled so nobody takes it for a real one. */
export const sampleStoreName = 'Sample store';
export const sampleStoreCurrency = catalog.currency;
/** Fixed so a re-sync of the shipped file changes nothing ("older never overwrites newer" keeps working). */
const catalogDate = new Date('2026-11-01T09:00:00Z');

interface SampleProduct {
  handle: string;
  title: string;
  type: string;
  vendor: string;
  tags: string[];
  price: string;
  sku: string;
  description: string;
  options: Record<string, string[]>;
  soldOut?: string[];
  backorder?: boolean;
  untracked?: boolean;
}

/** Stock per variant derived from its SKU, so every install shows the same figures (2..40 units). */
function stockOf(sku: string): number {
  return 2 + (createHash('sha256').update(sku).digest()[0]! % 39);
}

function codeOf(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, 10);
}

/** Every combination of the option lists, in store order (first option varies slowest). */
function combinations(options: [string, string[]][]): { name: string; value: string }[][] {
  return options.reduce<{ name: string; value: string }[][]>(
    (rows, [name, values]) => rows.flatMap((row) => values.map((value) => [...row, { name, value }])),
    [[]],
  );
}

let loaded: readonly StoreProductInput[] | null = null;
let variantsById: Map<string, StoreProductInput['variants'][number]> | null = null;

/**
 * The shipped catalog as store products; variant ids are their SKUs, product ids their handles. Built once per
 * process: the file never changes while it runs, and every live check of a sample variant reads it.
 */
export function loadSampleCatalog(): readonly StoreProductInput[] {
  // Frozen, so a caller that changed the shared copy would fail loudly instead of corrupting later syncs.
  loaded ??= deepFreeze(buildSampleCatalog());
  return loaded;
}

/** One variant of the shipped catalog by its id (its SKU), for the sample store's "live" stock answer. */
export function findSampleVariant(externalId: string): StoreProductInput['variants'][number] | null {
  variantsById ??= new Map(
    loadSampleCatalog().flatMap((product) =>
      product.variants.map((variant) => [variant.externalId, variant]),
    ),
  );
  return variantsById.get(externalId) ?? null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function buildSampleCatalog(): StoreProductInput[] {
  return (catalog.products as unknown as SampleProduct[]).map((product) => {
    const optionList = Object.entries(product.options);
    const isDefaultOnly = optionList.length === 1 && optionList[0]![0] === 'Title';
    return {
      externalId: product.handle,
      title: product.title,
      handle: product.handle,
      description: product.description,
      productType: product.type,
      vendor: product.vendor,
      tags: product.tags,
      options: optionList.map(([name, values]) => ({ name, values })),
      status: 'active',
      imageUrl: null,
      url: null,
      storeUpdatedAt: catalogDate,
      variants: combinations(optionList).map((options) => {
        const title = options.map((option) => option.value).join(' / ');
        const sku = isDefaultOnly
          ? product.sku
          : [product.sku, ...options.map((o) => codeOf(o.value))].join('-');
        const soldOut = product.soldOut?.includes(title) ?? false;
        const quantity = product.untracked ? null : soldOut ? 0 : stockOf(sku);
        return {
          externalId: sku,
          title: isDefaultOnly ? 'Default Title' : title,
          options: isDefaultOnly ? [] : options,
          sku,
          price: product.price,
          currency: catalog.currency,
          stockQuantity: quantity,
          inventoryPolicy: product.backorder ? 'continue' : 'deny',
          availableForSale: product.backorder ? true : quantity === null || quantity > 0,
        };
      }),
    };
  });
}
