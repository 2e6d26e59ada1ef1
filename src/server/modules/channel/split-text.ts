/** A DM's text is at most 1,000 UTF-8 bytes. */
export const maxMessageBytes = 1000;

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
const words = new Intl.Segmenter('en', { granularity: 'word' });
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Pieces of `text` no longer than `maxBytes` each: whole segments of the given kind, then finer ones. */
function pack(pieces: string[], maxBytes: number, finer: (piece: string) => string[]): string[] {
  const parts: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (byteLength(current + piece) <= maxBytes) {
      current += piece;
      continue;
    }
    if (current.trim()) parts.push(current);
    current = '';
    if (byteLength(piece) <= maxBytes) {
      current = piece;
      continue;
    }
    // One segment alone is too long: cut it at the next finer boundary; the last bit stays open for more.
    const smaller = finer(piece);
    current = smaller.pop() ?? '';
    parts.push(...smaller);
  }
  if (current.trim()) parts.push(current);
  return parts;
}

const segmentsOf = (segmenter: Intl.Segmenter, text: string) =>
  Array.from(segmenter.segment(text), (s) => s.segment);

/** A grapheme longer than the limit (a pathological stack of combining marks) is cut between code points. */
function splitCodePoints(text: string, maxBytes: number): string[] {
  return pack(Array.from(text), maxBytes, (piece) => [piece]);
}

/**
 * Splits text into messages of at most `maxBytes` UTF-8 bytes: on sentence boundaries when it can, else between
 * words, else between characters (graphemes), never inside one. Whitespace at the cuts is dropped.
 */
export function splitMessageText(text: string, maxBytes = maxMessageBytes): string[] {
  const trimmed = text.trim();
  if (byteLength(trimmed) <= maxBytes) return trimmed ? [trimmed] : [];
  const byGraphemes = (piece: string) =>
    pack(segmentsOf(graphemes, piece), maxBytes, (grapheme) => splitCodePoints(grapheme, maxBytes));
  const byWords = (piece: string) => pack(segmentsOf(words, piece), maxBytes, byGraphemes);
  return pack(segmentsOf(sentences, trimmed), maxBytes, byWords)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
