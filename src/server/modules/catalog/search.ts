import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { editDistance } from '#server/edit-distance.ts';
import type { CatalogVariant } from '#server/ports/catalog.ts';
import {
  catalogWords,
  colorNeighbours,
  normalizeSizeValue,
  normalizeText,
  parseBuyerText,
  sortLetters,
  synonymsOf,
  type ParsedBuyerText,
  type RequestedOption,
} from './text.ts';

/**
 * Which product and variant a buyer text means. Three steps:
 * 1. read the text (words, sizes, colours, SKU-like tokens; text.ts);
 * 2. correct each word against the catalog's own vocabulary with pg_trgm similarity and sorted letters, then
 *    retrieve candidates with PostgreSQL full-text search (weighted title > type/tags > options/SKUs);
 * 3. score candidates on which words they carry where, and on whether a variant has the asked size and colour.
 */

/** Everything the answer needs of a variant, read with the candidates (no second round trip). */
interface CandidateVariant extends CatalogVariant {
  position: number;
}

const variantJson = sql`json_build_object('id', v.id, 'title', v.title, 'options', v.options, 'sku', v.sku,
  'price', v.price, 'currency', v.currency, 'availableForSale', v.available_for_sale,
  'stockQuantity', v.stock_quantity, 'position', v.position)`;

export interface SearchCandidate {
  id: string;
  url: string | null;
  imageUrl: string | null;
  variants: CandidateVariant[];
  title: string;
  productType: string;
  vendor: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  similarity: number;
}

export interface ScoredProduct {
  productId: string;
  candidate: SearchCandidate;
  raw: number;
  score: number;
  variantIds: string[];
}

export interface SearchOutcome {
  outcome: 'match' | 'ambiguous' | 'none';
  ranked: ScoredProduct[];
  requestedOptions: RequestedOption[];
}

type Rows<T> = { rows: T[] };

const undoubled = (word: string) => word.replace(/(.)\1+/g, '$1');

/** Each buyer word with the catalog words that may stand for it (itself, a correction, a synonym). */
async function correctWords(
  db: Database,
  connectionId: string,
  words: string[],
): Promise<Map<string, Map<string, number>>> {
  const forms = new Map<string, Map<string, number>>();
  if (words.length === 0) return forms;
  const probes = words.flatMap((word) =>
    synonymsOf(word).map((form, index) => ({ word, form, isSynonym: index > 0 })),
  );
  const formList = [...new Set(probes.map((probe) => probe.form))];
  // A word the catalog has as it is needs no correction: only the others go through the trigram index.
  const fuzzy = new Set(probes.filter((probe) => !probe.isSynonym).map((probe) => probe.form));
  const column = (values: string[]) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]`;
  const result = (await db.execute(sql`
    with q as (
      select * from unnest(${column(formList)}::text[], ${column(formList.map(sortLetters))}::text[],
        ${column(formList.map((form) => (fuzzy.has(form) ? 't' : 'f')))}::boolean[]) as q(form, sorted, fuzzy)
    ),
    exact as (
      select q.form, t.term from q join catalog_terms t on t.connection_id = ${connectionId} and t.term = q.form
    )
    select form, term, 1::float8 as sim from exact
    union all
    select q.form, t.term, similarity(t.term, q.form) as sim
    from (select * from q where q.fuzzy and not exists (select 1 from exact e where e.form = q.form)) q
    join catalog_terms t on t.connection_id = ${connectionId}
      and (t.term % q.form or (length(q.form) >= 4 and t.sorted_letters = q.sorted))
  `)) as unknown as Rows<{ form: string; term: string; sim: number }>;
  const hitsByForm = new Map<string, { term: string; sim: number }[]>();
  for (const row of result.rows) {
    const list = hitsByForm.get(row.form) ?? [];
    list.push({ term: row.term, sim: Number(row.sim) });
    hitsByForm.set(row.form, list);
  }
  for (const probe of probes) {
    const hits = hitsByForm.get(probe.form) ?? [];
    const weights = forms.get(probe.word) ?? new Map<string, number>();
    const exact = hits.find((hit) => hit.term === probe.form);
    if (exact) {
      weights.set(exact.term, Math.max(weights.get(exact.term) ?? 0, probe.isSynonym ? 0.85 : 1));
    } else if (!probe.isSynonym) {
      // A correction: the closest spelling within one edit (two for long words), the same letters in another
      // order, or the start of a longer word ("hoodi"). Words of four letters or fewer are too easily another
      // real word one edit away ("card" / "care"), so they are only taken with the same letters, or with a
      // letter doubled or not ("gell" / "gel"), the commonest slip of all.
      const allowed = probe.form.length <= 4 ? 0 : probe.form.length <= 7 ? 1 : 2;
      let best: { term: string; distance: number; sim: number } | null = null;
      for (const hit of hits) {
        const distance = editDistance(probe.form, hit.term, 3);
        const sameLetters =
          sortLetters(probe.form) === sortLetters(hit.term) ||
          (probe.form.length >= 4 && undoubled(probe.form) === undoubled(hit.term));
        const isPrefix = probe.form.length >= 4 && hit.term.startsWith(probe.form);
        if (distance > allowed && !sameLetters && !isPrefix) continue;
        const effective = sameLetters ? Math.min(distance, 1.5) : isPrefix ? Math.min(distance, 1) : distance;
        if (!best || effective < best.distance || (effective === best.distance && hit.sim > best.sim)) {
          best = { term: hit.term, distance: effective, sim: hit.sim };
        }
      }
      if (best) weights.set(best.term, Math.max(weights.get(best.term) ?? 0, 0.9));
    }
    forms.set(probe.word, weights);
  }
  return forms;
}

/**
 * Full-text candidates in two tiers: products carrying every named word (each word by any of its forms), then
 * products carrying any of them. Each tier ranks at most 200 matching rows (ts_rank, weighted title > type/tags
 * > options/SKUs), so a word shared by thousands of products costs no more than a rare one.
 */
async function retrieveCandidates(
  db: Database,
  connectionId: string,
  wordForms: string[][],
  joinedText: string,
): Promise<SearchCandidate[]> {
  // Forms are [a-z0-9] words (normalizeText), so the tsquery text cannot be malformed.
  const groups = wordForms
    .map((forms) => [...new Set(forms.map((form) => form.replace(/[^a-z0-9]/g, '')).filter(Boolean))])
    .filter((forms) => forms.length > 0);
  if (groups.length === 0) return [];
  const anyQuery = [...new Set(groups.flat())].join(' | ');
  const allQuery = groups.map((forms) => `(${forms.join(' | ')})`).join(' & ');
  // Tier 2 only fills what tier 1 left of the 40; product fields, similarity and variants are read for the
  // kept rows alone.
  const matching = (query: string, exclude: boolean) => sql`
    select m.id, ts_rank(m.search_vector, to_tsquery('english', ${query})) as rank from (
      select p.id, p.search_vector from catalog_products p
      where p.connection_id = ${connectionId} and p.status = 'active'
        and p.search_vector @@ to_tsquery('english', ${query})
        ${exclude ? sql`and p.id not in (select id from tier1)` : sql``}
      limit 200
    ) m`;
  const result = (await db.execute(sql`
    with tier1 as (${matching(groups.length > 1 ? allQuery : anyQuery, false)} order by rank desc, id limit 40),
    tier2 as (
      ${matching(anyQuery, true)}
      where ${groups.length > 1} and (select count(*) from tier1) < 40
      order by rank desc, id limit 40
    ),
    kept as (
      select id, rank, 1 as tier from tier1
      union all
      select id, rank, 2 as tier from (select * from tier2 limit greatest(0, 40 - (select count(*) from tier1))) t
    )
    select p.id, p.title, p.product_type as "productType", p.vendor, p.tags, p.options, p.url,
      p.image_url as "imageUrl", similarity(p.search_text, ${joinedText}) as similarity, kept.tier,
      (select coalesce(json_agg(${variantJson} order by v.position), '[]'::json)
        from catalog_variants v where v.product_id = p.id) as variants
    from kept join catalog_products p on p.id = kept.id
    order by kept.tier, kept.rank desc, p.id
  `)) as unknown as Rows<SearchCandidate & { tier: number }>;
  const seen = new Set<string>();
  const out: SearchCandidate[] = [];
  for (const row of [...result.rows].sort((a, b) => a.tier - b.tier)) {
    if (seen.has(row.id) || out.length >= 40) continue;
    seen.add(row.id);
    const variants =
      typeof row.variants === 'string' ? (JSON.parse(row.variants) as CandidateVariant[]) : row.variants;
    out.push({ ...row, variants, similarity: Number(row.similarity) });
  }
  return out;
}

async function findSkuMatches(db: Database, connectionId: string, tokens: string[]) {
  if (tokens.length === 0) return [];
  const result = (await db.execute(sql`
    select v.id, v.product_id as "productId" from catalog_variants v
    where v.connection_id = ${connectionId} and lower(v.sku) in (${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )})
    limit 5
  `)) as unknown as Rows<{ id: string; productId: string }>;
  return result.rows;
}

/** Words of short catalog texts (option values, titles), computed once per text per process. */
const wordCache = new Map<string, string[]>();
function wordsOf(text: string): string[] {
  let words = wordCache.get(text);
  if (!words) {
    words = catalogWords([text]);
    if (wordCache.size > 50_000) wordCache.clear();
    wordCache.set(text, words);
  }
  return words;
}

/** Option values in one size spelling, computed once per value per process (a search reads every variant's). */
const sizeValueCache = new Map<string, string>();
function sizeValueOf(value: string): string {
  let normalized = sizeValueCache.get(value);
  if (normalized === undefined) {
    normalized = normalizeSizeValue(value);
    if (sizeValueCache.size > 50_000) sizeValueCache.clear();
    sizeValueCache.set(value, normalized);
  }
  return normalized;
}

function sizeMatches(value: string, size: string): boolean {
  const normalized = sizeValueOf(value);
  if (normalized === size) return true;
  // "S/M" covers a buyer's "m"; "32" waist covers "32x30"'s waist only when the store sells single numbers.
  return normalized.split('/').includes(size);
}

function colorMatch(value: string, color: string): number {
  const words = wordsOf(value);
  if (words.includes(color)) return 1;
  if (colorNeighbours(color).some((neighbour) => words.includes(neighbour))) return 0.6;
  return 0;
}

/** How well one variant fits the asked options: 1 per exact option, part for a near colour. */
function scoreVariant(
  variant: { options: { name: string; value: string }[] },
  parsed: ParsedBuyerText,
  otherWords: string[],
) {
  let score = 0;
  let sizeHit = false;
  let colorScore = 0;
  const values = variant.options.map((option) => option.value);
  const fitSize = (size: string, weight: number) => {
    if (!values.some((value) => sizeMatches(value, size))) return;
    score += weight;
    sizeHit = true;
  };
  for (const size of parsed.sizes) fitSize(size, 1);
  for (const size of parsed.maybeSizes) fitSize(size, 0.6);
  for (const color of parsed.colors)
    colorScore += Math.max(0, ...values.map((value) => colorMatch(value, color)));
  score += colorScore;
  for (const word of otherWords) if (values.some((value) => wordsOf(value).includes(word))) score += 0.5;
  return { score, sizeHit, colorScore };
}

export async function searchCatalog(
  db: Database,
  input: { connectionId: string; text: string; limit: number },
): Promise<SearchOutcome> {
  const parsed = parseBuyerText(input.text);
  const requestedOptions: RequestedOption[] = [
    ...parsed.sizes.map((value) => ({ name: 'size' as const, value })),
    ...parsed.colors.map((value) => ({ name: 'color' as const, value })),
  ];

  const [skuHits, forms] = await Promise.all([
    findSkuMatches(db, input.connectionId, parsed.skuCandidates),
    correctWords(db, input.connectionId, parsed.words),
  ]);
  const knownWords = parsed.words.filter((word) => (forms.get(word)?.size ?? 0) > 0);
  // Colours narrow the variants, they do not find products: searched for only when nothing else was named.
  const wordForms =
    knownWords.length > 0 ? knownWords.map((word) => [...forms.get(word)!.keys()]) : [parsed.colors];
  const candidates = await retrieveCandidates(
    db,
    input.connectionId,
    wordForms.filter((forms) => forms.length > 0),
    normalizeText(input.text),
  );
  for (const hit of skuHits) {
    if (!candidates.some((candidate) => candidate.id === hit.productId)) {
      const [row] = (
        (await db.execute(sql`
          select p.id, p.title, p.product_type as "productType", p.vendor, p.tags, p.options, 0 as similarity,
            p.url, p.image_url as "imageUrl",
            (select coalesce(json_agg(${variantJson} order by v.position), '[]'::json)
              from catalog_variants v where v.product_id = p.id) as variants
          from catalog_products p where p.id = ${hit.productId}`)) as unknown as Rows<SearchCandidate>
      ).rows;
      if (row) {
        const variants =
          typeof row.variants === 'string' ? (JSON.parse(row.variants) as CandidateVariant[]) : row.variants;
        candidates.push({ ...row, variants });
      }
    }
  }
  if (candidates.length === 0) return { outcome: 'none', ranked: [], requestedOptions };

  const skuVariantIds = new Set(skuHits.map((hit) => hit.id));
  const scored: ScoredProduct[] = candidates.map((candidate) => {
    const titleWords = new Set(wordsOf(candidate.title));
    // The same words as catalogWords over the parts together, each part's from the cache.
    const typeWords = new Set([candidate.productType, ...candidate.tags].flatMap(wordsOf));
    const otherWords = new Set(
      [candidate.vendor, ...candidate.options.flatMap((o) => o.values)].flatMap(wordsOf),
    );
    let raw = 0;
    for (const word of knownWords) {
      let best = 0;
      for (const [term, weight] of forms.get(word)!) {
        if (titleWords.has(term)) best = Math.max(best, weight);
        else if (typeWords.has(term)) best = Math.max(best, 0.7 * weight);
        else if (otherWords.has(term)) best = Math.max(best, 0.35 * weight);
      }
      raw += best;
    }
    // A colour word in the product's own name ("Cream Blush", "White Leather Sneakers") is half a product word.
    for (const color of parsed.colors) if (titleWords.has(color) || typeWords.has(color)) raw += 0.5;
    // Numbers that are part of the name ("SPF 50", "22L", "2-Person").
    for (const number of parsed.maybeSizes) if (titleWords.has(number)) raw += 0.5;
    // Every title word named: the buyer wrote the product's name.
    const titleNamed = [...titleWords]
      .filter((w) => !/^\d+$/.test(w))
      .every((w) => knownWords.some((word) => forms.get(word)!.has(w)) || parsed.colors.includes(w));
    if (titleNamed && titleWords.size > 1) raw += 0.5;
    raw += 0.1 * candidate.similarity;

    const variants = candidate.variants;
    const fits = variants.map((variant) => ({ variant, ...scoreVariant(variant, parsed, parsed.words) }));
    const bestFit = Math.max(0, ...fits.map((fit) => fit.score));
    if (parsed.colors.length > 0) {
      const titleColor = Math.max(0, ...parsed.colors.map((color) => colorMatch(candidate.title, color)));
      const variantColor = Math.max(0, ...fits.map((fit) => fit.colorScore));
      raw +=
        titleColor > 0 || variantColor > 0 ? 0.4 * Math.max(titleColor, Math.min(1, variantColor)) : -0.3;
    }
    if (parsed.sizes.length > 0) raw += fits.some((fit) => fit.sizeHit) ? 0.25 : -0.3;
    else if (parsed.maybeSizes.length > 0 && fits.some((fit) => fit.sizeHit)) raw += 0.15;

    const isSkuHit = variants.some((variant) => skuVariantIds.has(variant.id));
    if (isSkuHit) raw += 3;
    const ordered = fits
      .filter((fit) => (bestFit > 0 ? fit.score === bestFit : true))
      .sort(
        (a, b) =>
          Number(skuVariantIds.has(b.variant.id)) - Number(skuVariantIds.has(a.variant.id)) ||
          Number(b.variant.availableForSale) - Number(a.variant.availableForSale) ||
          a.variant.position - b.variant.position,
      );
    const skuFirst = isSkuHit ? ordered.filter((fit) => skuVariantIds.has(fit.variant.id)) : ordered;
    const denominator =
      Math.max(1, knownWords.length) +
      (parsed.colors.length > 0 ? 0.4 : 0) +
      (parsed.sizes.length > 0 ? 0.25 : 0);
    return {
      productId: candidate.id,
      candidate,
      raw,
      score: isSkuHit ? 1 : Math.max(0, Math.min(1, raw / (denominator + 0.5))),
      variantIds: (skuFirst.length > 0 ? skuFirst : ordered).map((fit) => fit.variant.id),
    };
  });
  scored.sort((a, b) => b.raw - a.raw || a.productId.localeCompare(b.productId));
  const best = scored[0]!;
  // Nothing named but an option or a vendor: not something this store sells.
  if (best.raw < 0.6) return { outcome: 'none', ranked: [], requestedOptions };
  const close = scored.filter((entry) => entry.raw >= best.raw - 0.15);
  const outcome = close.length > 1 && best.score < 1 ? 'ambiguous' : 'match';
  return { outcome, ranked: scored.slice(0, input.limit), requestedOptions };
}
