import { createHash } from 'node:crypto';
import type { SampleCatalogName } from '#contracts/catalog.ts';
import catalog from './catalog.json' with { type: 'json' };
import homeAndNutrition from './home-and-nutrition.json' with { type: 'json' };
import type { StoreProductInput } from '../store-data.ts';

/** The built-in store, labelled so nobody takes it for a real one. */
export const sampleStoreName = 'Sample store';
export const sampleStoreCurrency = catalog.currency;

/** The shipped catalog files by name; "apparel" is the default a plain `{ platform: 'sample' }` connects. */
const catalogFiles: Record<SampleCatalogName, { currency: string; products: unknown[] }> = {
  apparel: catalog,
  'home-and-nutrition': homeAndNutrition,
};

/** A sample connection keeps its catalog's name in its store key; the default one has none. */
export function sampleCatalogOf(storeKey: string | null): SampleCatalogName {
  return storeKey === 'home-and-nutrition' ? 'home-and-nutrition' : 'apparel';
}

export function sampleStoreNameOf(name: SampleCatalogName): string {
  return name === 'apparel' ? sampleStoreName : 'Sample store (home and nutrition)';
}
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

const loaded = new Map<SampleCatalogName, readonly StoreProductInput[]>();
const variantsById = new Map<SampleCatalogName, Map<string, StoreProductInput['variants'][number]>>();

/**
 * The shipped catalog as store products; variant ids are their SKUs, product ids their handles. Built once per
 * process: the file never changes while it runs, and every live check of a sample variant reads it.
 */
export function loadSampleCatalog(name: SampleCatalogName = 'apparel'): readonly StoreProductInput[] {
  // Frozen, so a caller that changed the shared copy would fail loudly instead of corrupting later syncs.
  let products = loaded.get(name);
  if (!products) {
    products = deepFreeze(buildSampleCatalog(catalogFiles[name]));
    loaded.set(name, products);
  }
  return products;
}

/** One variant of the shipped catalog by its id (its SKU), for the sample store's "live" stock answer. */
export function findSampleVariant(
  externalId: string,
  name: SampleCatalogName = 'apparel',
): StoreProductInput['variants'][number] | null {
  let byId = variantsById.get(name);
  if (!byId) {
    byId = new Map(
      loadSampleCatalog(name).flatMap((product) =>
        product.variants.map((variant) => [variant.externalId, variant]),
      ),
    );
    variantsById.set(name, byId);
  }
  return byId.get(externalId) ?? null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function buildSampleCatalog(file: { currency: string; products: unknown[] }): StoreProductInput[] {
  return (file.products as unknown as SampleProduct[]).map((product) => {
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
          currency: file.currency,
          stockQuantity: quantity,
          inventoryPolicy: product.backorder ? 'continue' : 'deny',
          availableForSale: product.backorder ? true : quantity === null || quantity > 0,
        };
      }),
    };
  });
}
