import type { ReplyPart } from './composers/embedded.ts';
import { checkGrounding, type GroundingResult, type GroundingSources } from './grounding.ts';

/** Instagram's limit: a DM is at most 1,000 UTF-8 bytes. */
export const MAX_REPLY_BYTES = 1000;

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** Joins the parts, dropping optional ones (last first) until the reply fits; then cuts at a word boundary. */
export function fitReply(parts: ReplyPart[], maxBytes = MAX_REPLY_BYTES): string {
  const kept = parts.map((part) => ({ ...part }));
  const join = () =>
    kept
      .map((part) => part.text.trim())
      .filter(Boolean)
      .join(' ');
  for (let index = kept.length - 1; byteLength(join()) > maxBytes && index >= 0; index -= 1) {
    if (!kept[index]!.essential) kept.splice(index, 1);
  }
  if (byteLength(join()) <= maxBytes) return join();
  // Still too long (a brand's fixed text near the limit plus the disclosure): shorten the longest part that
  // carries no link, whole words at a time, so links and the disclosure survive.
  const candidates = kept
    .filter((part) => !/https?:\/\//.test(part.text))
    .sort((a, b) => byteLength(b.text) - byteLength(a.text));
  const longest = candidates[0];
  if (longest) {
    const words = longest.text.split(' ');
    while (words.length > 1 && byteLength(join()) > maxBytes) {
      words.pop();
      longest.text = `${words.join(' ')}…`;
    }
  }
  const text = join();
  return byteLength(text) <= maxBytes
    ? text
    : Buffer.from(text, 'utf8')
        .subarray(0, maxBytes - 3)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
}

export interface OutputGuardResult {
  text: string;
  bytes: number;
  grounding: GroundingResult;
  disclosed: boolean;
}

/** At most 1,000 bytes; every number and link grounded in the facts; the disclosure kept when due. */
export function applyOutputGuards(input: {
  parts: ReplyPart[];
  sources: GroundingSources;
  disclosureText: string | null;
}): OutputGuardResult {
  const text = fitReply(input.parts);
  return {
    text,
    bytes: byteLength(text),
    grounding: checkGrounding(text, input.sources),
    disclosed: input.disclosureText !== null && text.includes(input.disclosureText),
  };
}
