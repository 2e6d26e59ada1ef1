import { eld } from 'eld/small';

/** The languages the assistant reads and answers in (docs/decisions/036-language-detection-eld.md). */
export const languages = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

// Only our six languages compete, so a short DM is never read as Catalan or Galician.
eld.setLanguageSubset([...languages]);

/**
 * Words that settle the language of a DM too short for n-grams ("hola", "y en azul?", "danke"). Checked before
 * the detector; each word belongs to one language only.
 */
const markers: Record<Exclude<Language, 'en'>, RegExp> = {
  es: /\b(hola|gracias|venden|vendeis|tienen|tienes|quiero|cuanto|cuesta|talla|precio|vale|necesito|por favor|negro|negra|hay|esos|esas|tambien|y en)\b|¿|¡/,
  fr: /\b(bonjour|salut|merci|vendez|vous|avez|je|voudrais|combien|taille|prix|noir|noire|dispo|svp|s'il|ca|et en)\b/,
  de: /\b(hallo|danke|verkauft|habt|haben sie|ich|moechte|mochte|wie viel|kostet|groesse|grosse|schwarz|bitte|und in|gibt es|gibts|gibt's)\b|ß/,
  pt: /\b(ola|obrigad[oa]|vendem|voces|voce|tem|quero|quanto custa|tamanho|preco|preto|preta|desses|dessas|vcs|oi)\b|ã|õ/,
  it: /\b(ciao|grazie|vendete|avete|vorrei|quanto costa|taglia|prezzo|nero|nera|per favore|disponibile|quelli|anche)\b/,
};

/** Lower case without accents, so "cuánto" and "cuanto" read alike; "ß" as "ss" ("Größe" is "grosse"). */
export const foldAccents = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');

/** Letters only one language writes. */
const markerLetters: [RegExp, Language][] = [
  [/[¿¡ñ]/, 'es'],
  [/[ãõ]/, 'pt'],
  [/[ßäö]/, 'de'],
];

/** Whether a marker word or letter of the language is in the DM ("hola", "ß"): it was not placed by n-grams alone. */
export function hasMarkerWord(text: string, language: Language): boolean {
  if (language === 'en') return false;
  return (
    markers[language].test(foldAccents(text)) ||
    markerLetters.some(([pattern, own]) => own === language && pattern.test(text.toLowerCase()))
  );
}

/**
 * The language of a buyer's DM. Marker words first (short DMs), then eld's n-grams when the text has enough
 * letters; otherwise the language the conversation was already in, else English.
 */
export function detectLanguage(text: string, previous: Language | null = null): Language {
  const lower = foldAccents(text);
  const letters = lower.replace(/[^\p{L}]+/gu, '');
  const raw = text.toLowerCase();
  const hits = Object.entries(markers).filter(([, pattern]) => pattern.test(lower));
  for (const [pattern, language] of markerLetters)
    if (pattern.test(raw) && !hits.some(([lang]) => lang === language)) hits.push([language, pattern]);
  if (hits.length === 1) return hits[0]![0] as Language;
  // n-grams mislead on a few words, most of them product names ("curtains 96 sage" reads as French).
  if (letters.length >= 12 && lower.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length >= 4) {
    const result = eld.detect(text);
    if (isLanguage(result.language) && result.isReliable()) return result.language;
  }
  if (hits.length > 1)
    return (previous && hits.some(([lang]) => lang === previous) ? previous : hits[0]![0]) as Language;
  if (letters.length >= 6 && /\b(the|you|have|is|in stock|please|do|how much)\b/.test(lower)) return 'en';
  return previous ?? 'en';
}
