/**
 * npm run bench:catalog: the catalog's numbers, printed.
 * 1. top-1 accuracy of "find the product" on the labelled set (labelled.jsonl: buyer texts over the three shops of
 *    the sample catalog, each with the expected product and variant, or "ambiguous" / "not sold");
 * 2. time to sync 10,000 products from the Shopify fake (127.0.0.1);
 * 3. search p50/p95 with 10,000 products in one store;
 * 4. live stock check p95 against the fake.
 * Embedded PGlite in memory by default; BENCH_DATABASE_URL=postgres://… runs on a throwaway PostgreSQL database.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { brands, storeConnections, users } from '#server/db/schema/index.ts';
import { createSecretBox } from '#server/security/secret-box.ts';
import { createCatalogModule } from '#server/modules/catalog/service.ts';
import { upsertProducts } from '#server/modules/catalog/queries.ts';
import { loadSampleCatalog } from '#server/modules/catalog/sample-store/sample-store.ts';
import catalogFile from '#server/modules/catalog/sample-store/catalog.json' with { type: 'json' };
import { makeShopifyProducts, startFakeShopifyAdmin } from '#tests/fakes/shopify-admin.ts';

type Shop = 'apparel' | 'beauty' | 'outdoor';
interface Labelled {
  shop: Shop;
  text: string;
  product?: string;
  variant?: string | null;
  expect?: 'ambiguous' | 'not sold';
}

const vendorShop: Record<string, Shop> = {
  'Harbor & Pine': 'apparel',
  'Luna Skincare': 'beauty',
  'Ridgeline Outfitters': 'outdoor',
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function openBenchDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const name = `voicecart_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function main() {
  const labelled = readFileSync(new URL('./labelled.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Labelled);
  const { database, drop } = await openBenchDatabase();
  const db = database.db;
  const fake = await startFakeShopifyAdmin({
    products: makeShopifyProducts(10_000, { variantsPerProduct: 3 }),
  });
  try {
    const catalogModule = createCatalogModule({
      db,
      secretBox: createSecretBox(randomBytes(32)),
      settings: {
        allowLoopbackStores: true,
        shopifyApiVersion: '2026-10',
        publicUrl: 'http://127.0.0.1:3000',
      },
      // The sync is timed on its own below, not inside connect.
      enqueueSync: async () => {},
    });
    const catalog = catalogModule.answers;
    const [user] = await db.insert(users).values({ email: 'bench@example.com', verified: true }).returning();
    const makeBrand = async (name: string) =>
      (await db.insert(brands).values({ userId: user!.id, name, username: name }).returning())[0]!.id;

    // 1. Accuracy: three shops, each holding its third of the sample catalog.
    const products = loadSampleCatalog();
    const handleOf = new Map<string, string>();
    const brandOf = {} as Record<Shop, string>;
    for (const shop of ['apparel', 'beauty', 'outdoor'] as const) {
      const brandId = await makeBrand(`bench-${shop}`);
      brandOf[shop] = brandId;
      const [connection] = await db
        .insert(storeConnections)
        .values({ brandId, platform: 'sample', name: `Bench ${shop}`, currency: 'USD' })
        .returning();
      const vendorProducts = catalogFile.products
        .filter((p) => vendorShop[p.vendor] === shop)
        .map((p) => p.handle);
      await upsertProducts(
        db,
        connection!.id,
        products.filter((p) => vendorProducts.includes(p.externalId)),
      );
    }
    const { rows: idRows } = await database.executeSql('select id, handle from catalog_products');
    for (const row of idRows) handleOf.set(String(row.id), String(row.handle));

    let correct = 0;
    let correctProduct = 0;
    const misses: string[] = [];
    const byKind: Record<string, { n: number; ok: number }> = {};
    for (const item of labelled) {
      const found = await catalog.findProducts({ brandId: brandOf[item.shop], text: item.text });
      const top = found.matches[0];
      const kind = item.expect ?? (item.variant ? 'product+variant' : 'product');
      byKind[kind] ??= { n: 0, ok: 0 };
      byKind[kind].n += 1;
      let ok: boolean;
      let got: string;
      if (item.expect === 'ambiguous') {
        ok = found.outcome === 'ambiguous';
        got = `${found.outcome} ${top ? handleOf.get(top.product.id) : ''}`;
      } else if (item.expect === 'not sold') {
        ok = found.outcome === 'none';
        got = `${found.outcome} ${top ? handleOf.get(top.product.id) : ''}`;
      } else {
        const productOk =
          found.outcome === 'match' && top !== undefined && handleOf.get(top.product.id) === item.product;
        const variantTitle = top?.product.variants.find((v) => v.id === top.variantIds[0])?.title;
        ok = productOk && (!item.variant || variantTitle === item.variant);
        if (productOk) correctProduct += 1;
        got = `${found.outcome} ${top ? handleOf.get(top.product.id) : '-'} / ${variantTitle ?? '-'}`;
      }
      if (item.expect) correctProduct += ok ? 1 : 0;
      if (ok) correct += 1;
      else
        misses.push(
          `  ✗ [${item.shop}] "${item.text}" → ${got}; expected ${item.expect ?? `${item.product} / ${item.variant ?? 'any'}`}`,
        );
      byKind[kind].ok += ok ? 1 : 0;
    }
    const distinctProducts = new Set(labelled.filter((l) => l.product).map((l) => l.product)).size;
    console.log(
      `Catalog eval: ${labelled.length} labelled texts over ${distinctProducts} products in 3 shops (apparel, beauty, outdoor)`,
    );
    console.log(
      `  top-1 accuracy (product and variant): ${((100 * correct) / labelled.length).toFixed(1)} % (${correct}/${labelled.length})`,
    );
    console.log(
      `  top-1 accuracy (product only):        ${((100 * correctProduct) / labelled.length).toFixed(1)} %`,
    );
    for (const [kind, { n, ok }] of Object.entries(byKind)) console.log(`    ${kind}: ${ok}/${n}`);
    if (process.env.BENCH_VERBOSE || misses.length <= 30) console.log(misses.join('\n'));

    // 2. Sync 10,000 products from the Shopify fake.
    const bigBrand = await makeBrand('bench-10k');
    const connection = await catalogModule.connections.connect(user!.id, bigBrand, {
      platform: 'shopify',
      shopDomain: fake.shopDomain,
      accessToken: fake.accessToken,
    });
    const syncStarted = performance.now();
    await catalogModule.sync.runSync(connection.id);
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    const status = await catalogModule.connections.getStatus(user!.id, bigBrand);
    if (status!.sync.state !== 'done')
      throw new Error(`sync ended ${status!.sync.state}: ${status!.sync.error}`);
    console.log(
      `Sync: ${status!.productCount} products, ${status!.variantCount} variants from the Shopify fake in ${syncSeconds.toFixed(1)} s ` +
        `(${fake.calls.filter((c) => c.query.includes('products(')).length} pages)`,
    );

    // 3. Search at 10,000 products: the labelled texts, against one store holding 10,000 products.
    const { rows: connectionRows } = await database.executeSql(
      'select id from store_connections where brand_id = $1',
      [bigBrand],
    );
    const bigConnectionId = String(connectionRows[0]!.id);
    await upsertProducts(db, bigConnectionId, products);
    await database.executeSql(
      `delete from catalog_products where id in (select id from catalog_products where connection_id = $1 and external_id like 'gid://%' order by external_id desc limit ${products.length})`,
      [bigConnectionId],
    );
    const { rows: countRows } = await database.executeSql(
      'select count(*)::int as n from catalog_products where connection_id = $1',
      [bigConnectionId],
    );
    await database.executeSql('analyze');
    const timings: number[] = [];
    const slowest = new Map<string, number>();
    for (let round = 0; round < 3; round += 1) {
      for (const item of labelled) {
        const started = performance.now();
        await catalog.findProducts({ brandId: bigBrand, text: item.text });
        const elapsed = performance.now() - started;
        if (round > 0) {
          timings.push(elapsed);
          slowest.set(item.text, Math.min(slowest.get(item.text) ?? Infinity, elapsed));
        }
      }
    }
    console.log(
      `Search at ${countRows[0]!.n} products: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms ` +
        `(${timings.length} queries, ${database.kind})`,
    );
    const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `  slowest texts (best of 2 runs): ${worst.map(([text, ms]) => `"${text}" ${ms.toFixed(1)} ms`).join(', ')}`,
    );

    // 4. Live stock checks against the fake.
    const { rows: variantRows } = await database.executeSql(
      `select id from catalog_variants where connection_id = $1 and external_id like 'gid://%' order by random() limit 200`,
      [bigConnectionId],
    );
    const live: number[] = [];
    let liveAnswers = 0;
    for (const row of variantRows) {
      const started = performance.now();
      const answer = await catalog.checkStock({ brandId: bigBrand, variantId: String(row.id) });
      live.push(performance.now() - started);
      if (answer.source === 'live') liveAnswers += 1;
    }
    console.log(
      `Live stock check against the fake: p50 ${percentile(live, 50).toFixed(1)} ms, p95 ${percentile(live, 95).toFixed(1)} ms ` +
        `(${live.length} checks, ${liveAnswers} answered live)`,
    );
    console.log('Targets: top-1 accuracy ≥ 90 %, search p95 < 20 ms.');
  } finally {
    await fake.close();
    await drop();
  }
}

await main();
