import { describe, expect, it } from 'vitest';
import { normalizeSizeValue, normalizeText, parseBuyerText, singularize } from './text.ts';

describe('reading buyer text', () => {
  it.each([
    ['hoodie in M', ['m']],
    ['medium please', ['m']],
    ['size 8', ['8']],
    ['uk 10', ['10']],
    ['32x30', ['32x30']],
    ['32 / 30', ['32x30']],
    ['W32 L30', ['32x30']],
    ['32w 30l', ['32x30']],
    ['extra large', ['xl']],
    ['x-large', ['xl']],
    ['2XL', ['xxl']],
    ['50ml', ['50ml']],
    ['50 ml', ['50ml']],
    ['S/M', ['s', 'm']],
  ])('reads the size in %s', (text, sizes) => {
    expect(parseBuyerText(text).sizes.sort()).toEqual([...sizes].sort());
  });

  it('does not take a quantity for a size, but keeps it as a possible one', () => {
    const parsed = parseBuyerText('can I get 2 hoodies');
    expect(parsed.sizes).toEqual([]);
    expect(parsed.maybeSizes).toEqual(['2']);
    expect(parsed.words).toEqual(['hoodie']);
  });

  it('reads colours with their spellings and drops chat words and emoji', () => {
    const parsed = parseBuyerText('hi babe 😍 do u have the gray t-shirt???');
    expect(parsed.colors).toEqual(['grey']);
    expect(parsed.words).toEqual(['tee']);
  });

  it('finds SKU-like tokens', () => {
    expect(parseBuyerText('is HP-TEE-M-NAVY in stock').skuCandidates).toContain('hp-tee-m-navy');
  });

  it('folds plurals and common compound spellings', () => {
    expect(singularize('dresses')).toBe('dress');
    expect(parseBuyerText('hoodies').words).toEqual(['hoodie']);
    expect(singularize('accessories')).toBe('accessory');
    expect(parseBuyerText('tshirts').words).toEqual(['tee']);
    expect(parseBuyerText('sweat pants').words).toEqual(['jogger']);
  });

  it('reads "pre workout" however it is joined, and "vit c" / "vitamin d" as the store writes them', () => {
    for (const text of ['pre workout', 'preworkout', 'pre-workout'])
      expect(parseBuyerText(text).words).toEqual(parseBuyerText('Pump Pre-Workout').words.slice(1));
    expect(normalizeText('vit c serum')).toBe(normalizeText('Vitamin C Serum'));
    expect(normalizeText('vit d with k2')).toBe(normalizeText('Vitamin D3 with K2'));
    // "vit" before anything but a vitamin's letter is left as written.
    expect(normalizeText('vit jacket')).toContain('vit');
  });

  it('normalises store size values the same way', () => {
    expect(normalizeSizeValue('W32 L30')).toBe('32x30');
    expect(normalizeSizeValue('Medium')).toBe('m');
    expect(normalizeSizeValue('50 ml')).toBe('50ml');
  });
});
