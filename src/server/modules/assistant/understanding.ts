import { editDistance } from '#server/edit-distance.ts';
import { detectLanguage, foldAccents, hasMarkerWord, type Language } from './language/detect.ts';
import { languageByLexicon, lexiconReadings, lexiconVotes, toEnglish } from './language/lexicon.ts';
import {
  colourFamiliesOf,
  flavoursNotCarried,
  isColourFamilyWord,
  normaliseSizeWords,
  readColourFamilies,
  normaliseColourWords,
  readRelativeAmount,
  readUnitAmounts,
  sizeOrderOf,
  unitAmountOf,
  valuesByFlavourFamily,
  waistByLeg,
} from './option-words.ts';
import { otherBrandNamed } from './other-brands.ts';
import type { CatalogProduct, CatalogService, CatalogVariant, FindProductsResult } from './ports.ts';
import { findQuantities, readPackSize, readQuantity } from './quantities.ts';
import {
  bedSizesAsSold,
  carriesAttribute,
  carriesMeasure,
  distanceTo,
  hasUnit,
  missingBedSize,
  readAttributes,
  readLetterSizes,
  readMeasures,
  type Measure,
} from './qualifiers.ts';
import type { ConversationState, HistoryTurn, Intent, Understanding } from './types.ts';

/** Lower case, accents and repeated letters folded ("pleeease" -> "pleease"), so typos and slang match. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .replace(/\s*&\s*/g, ' and ')
    .replace(/(\p{L})\1{2,}/gu, '$1$1');
}

// Ordered: the first intent whose pattern matches wins, so the most consequential (a person, a complaint)
// are checked before the everyday ones. Patterns accept common typos and slang seen in DMs.
const intentPatterns: [Intent, RegExp][] = [
  [
    'human',
    /\b(real (person|human)|a (person|human)|an? (agent|rep|representative)|talk(ing)? to (someone|somebody|a|an|the|your|real|actual)|speak(ing)? (to|with) (someone|somebody|a|an|the|your)|human (please|pls|plz)|customer (service|support)|not a (bot|robot)|are you a (bot|robot)|stop (the )?bot|manager|live (chat|agent|person)|someone real|(any ?one|any ?body) (real|there|human)|call me|phone (number|call))\b/,
  ],
  [
    // Asked indirectly: trade and wholesale, the owner or the team, anything legal or medical.
    'human',
    /\b((i|we) (have|own|run|are) (an?|one) ([\w-]+ ){0,2}(shop|store|boutique|gym|salon|studio|company|business|spa|cafe|hotel)|my (shop|store|boutique|company|business|gym|salon)|our (logo|shop|store|company|business|gym|customers|clients)|for (my|our) (company|business|shop|store|team|gym)|with (our|my) logo|vat|invoice|custom (logo|print|order)|wholesale|whole sale|drug tested|banned substances?|in writing|blood pressure|meds|medications?|heart condition|diabetic|diabetes|trade (account|price|pricing|enquiry|inquiry|order)|bulk (order|orders|buy|buying|pricing|price|discount)|in bulk|(sort|work) (something|sth|smth) out|(can|could) (we|you|u) (do|make|give (us|me)) (a |us a |me a )?(deal|special price)|(large|big) (orders?|quantities)|resellers?|resell|resale|stockists?|stock your|carry your (products|brand)|sell your|b2b|distributors?|retailers?|(the|your) (owner|founder|boss|team)|(owner|founder)\b|someone (from|on) (the|your) team|collab(oration)?|partnership|press enquiry|lawyer|attorney|legal action|sue|suing|court|trading standards|chargeback|allergic|allergy|allergic reaction|reaction|rash|hives|burn(ed|t)? my|doctor|pregnan\w*|interact\w*|blood thinners?|warfarin|antidepressants?|(ok|okay|safe|fine|alright) to (take|mix|combine|use) (it |this |them |that )?(with|alongside|on)|breastfeeding|medical|medication|side effects?|dermatologist|prescription)\b/,
  ],
  [
    // The same, said around it: press, who runs the shop, whom to contact, custom or company orders, whether a
    // product is safe or allowed for someone; and the words of these in the other five languages (what the
    // lexicon leaves as it is, accents folded: compounds, verbs, elided articles).
    'human',
    /\b((?<!french |garlic |bench |leg )press|journalist|(write|writing|editor) (for|at) (a|an|the) ([\w-]+ ){0,2}(mag|magazine|blog|newspaper|paper|publication|site|website|outlet|podcast)|(get|send|have) (us |me )?(some )?(free |gifted )?samples|magazine|editor|gift guide|media (kit|enquiry|inquiry)|blogger|podcast|(who|whoever) (runs|owns|makes|made) (the|this|your|these)|whoever (runs|owns|is in charge)|(speak|talk)(ing)? (to|with) (whoever|the person who)|(runs|owns) (the|this|your) (shop|store|brand|business)|people behind|who (do|can|should) (i|we) (contact|talk to|speak to|email|call|write to)|(contact|email|reach) (someone|somebody|a person|the team|you directly)|custom (embroidery|printing|print|design|made|sizes?|colou?rs?)|embroider\w*|personali[sz]\w*|engrav\w*|monogram\w*|company order|corporate|(for|with) (my|our) (staff|employees|team)|(ok|okay|safe|fine|alright) (for|to) (a |my |her |him |them |me |kids?|child|children|teens?|toddlers?|babies|baby|dogs?|cats?)|(is it|is this|are they|is that) (safe|ok|okay) (to|for|while|during|with)(?! (oily|dry|combination|sensitive|normal|mature|acne[- ]prone|curly|fine|thick) (skin|hair))|while (pregnant|breastfeeding|nursing)|legal (to|in|for)|is (it|this|that) legal|allowed (in|into|to bring|through customs)|banned in|(\d+|a) (year|yr)s? old|\d{1,2} ?(yo|y\/o)|(can|could|should) (my|a|an|our) (son|daughter|kid|child|teen|teenager|toddler|baby|husband|wife|partner|mum|mom|dad|grandma|grandad) (take|use|have|drink|eat)|(buy|see|try) (\w+ ){0,3}in person|physical (shop|store|location|stores|shops)|(shops?|stores?|places?) (in|near|around) [\w ]{1,30}(that|which|who) (stock|sell|carry)|(any|which) (shops?|stores?) (stock|sell|carry)|age (limit|restriction)|under (16|18|21)|condition|prescri\w*|(mayor(ista|eo)?|revend\w*|reventa|distribui\w*|distribut\w*|prix de gros|grossiste|grosshandel\w*|gro(ss|ß)handel\w*|wiederverk\w*|h(a|ae)ndler\w*|einkauf(er|erin)|atacad\w*|ingrosso|rivend\w*|prensa|periodista|revista|presse\w*|journaliste|zeitschrift|magazin\w*|redaktion|imprensa|jornalista|stampa|giornalista|rivista|due(n|ñ)o|propietari[oa]|encargad[oa]|proprietaire|gerant|inhaber\w*|besitzer\w*|dono|titolare|responsabile|embarazad\w*|lactancia|enceinte|grossesse|allaitement|schwanger\w*|stillzeit|gravid\w*|amament\w*|incinta|gravidanza|allatt\w*|allergi\w*|alergi\w*|hipertens\w*|ipertens\w*|hypertens\w*|bluthochdruck|pacientes?|pazient\w*|patients?|nutricionista|nutrizionista|m(e|é)dic[oa]s?|medecin|arzt|(a|ä)rztin|abogad[oa]|avocat|anwalt|advogad[oa]|avvocat[oa]))\b/,
  ],
  [
    'complaint',
    /\b(still (waiting|nothing)|(been|it'?s been) (\d+|two|three|four|five|six|a few|several) (days|weeks) since (i|we) (messaged|asked|wrote|emailed|contacted|dmed|dm'?d)|you (said|promised|told me)|(second|third|\d+(st|nd|rd|th)) time|(nobody|no one|noone) (has )?(answered|replied|responded|got back)|no (answer|reply|response)|promised|again\b.*\b(wrong|broken|late|missing|nothing)|charged twice|double charged|missing (from|item|items)|wrong (colou?r|product)|never got|didn'?t (get|receive|arrive)|not (arrived|received)|terrible|awful|horrible|worst|disgusting|unacceptable|ridiculous|scam|scammed|fraud|rip ?off|furious|angry|pissed|never (arrived|came|received)|still (haven'?t|not|hasn'?t) (got|gotten|received|arrived|come)|broken|damaged|ripped|torn|chipped|cracked|crushed|dented|smashed|shattered|leak(ed|ing)|(a|huge|big|massive) (chip|crack|dent|hole) in|arrived (in pieces|open|ripped|wet)|wrong (item|size|order)|refund (now|me)|want (my|a) refund|complain(t)?|disappointed|fed up|waste of)\b|😡|🤬|😤/u,
  ],
  [
    'order_status',
    /\b((lost|missing|stolen) (my |the )?(parcel|package|order|delivery)|(courier|postman|driver) (lost|never|didn'?t)|my (parcel|package)|my order|order (number|status|#)|order ?#? ?\d{3,}|where('?s| is) my|(?<!\bon )track(ing)?( number| my| it)?|has (it|my \w+) (shipped|been sent)|when will (it|my \w+) (arrive|ship|come)|did (it|my \w+) ship|delivery status)\b/,
  ],
  [
    'shipping_returns',
    /\b(ship(ping)?|deliver(y|ies)?|postage|send (it )?to|international|abroad|overseas|return(s|ing)?|exchange|refund(s)?|money back|how long (does|will|to)|arrive by|customs)\b/,
  ],
  [
    'price',
    /\b(price|prices|pricing|cost(s)?|how much|how mch|hw much|how mutch|\$|€|£|usd|eur|cheap|expensive|discount|sale price|on sale|promo|coupon)\b|\$|€|£/,
  ],
  [
    'options',
    /\b(what (sizes?|colou?rs?)|which (sizes?|colou?rs?)|sizes? (do you have|available|left|come in)|colou?rs? (do you have|available|come in)|come in (other|any|more|different)|other colou?rs?|other sizes?|size chart|sizing|fits? (true|small|large|big)|run(s)? (small|large|big))\b/,
  ],
  [
    'availability',
    /\b(in stock|in stok|instock|available|availible|avail|avalible|availabe|sold out|soldout|restock|back in|do (you|u|ya)( guys| all| ppl)? (have|hav|got|sell|carry|stock)|(have|hav|got) (it|any|one|this|that|the)|any left|still (have|got|there|available)|can i (get|buy|order|grab|cop)|i (want|need|wanna|would like|'d like)|looking for|lookin for|where can i buy|how (do|can) i (buy|order)|is (it|this|that|the)\b.*\b(available|in stock|left)|link|checkout|buy|cop|grab one)\b|^\s*(any|got any|u got|you got|anyone got)\b|^\s*(u|you|ya|y'?all)( guys| all| lot)? (got|sell|carry|stock|do)\b|\bdo (you|u)( guys| all| lot)? (do|make|offer)\b|\bwhere (can|do) i (find|get)\b/,
  ],
  [
    'thanks',
    /^(thanks|thank you|thank u|thx|ty|tysm|cheers|perfect|great|awesome|amazing|love it|ok(ay)? thanks?|got it)\b(?:[\s!.,:)]|❤️|🙏|💕|😍|👍)*$|^(🙏|❤️|👍|😍)+$/u,
  ],
  [
    'greeting',
    /^(hi|hey|hello|helo|hii|heyy|yo|hiya|good (morning|afternoon|evening)|gm|sup|what'?s up)\b[\s!.,:)👋😊]*$|^👋+$/u,
  ],
];

/** The buyer's intent, from the words alone. A product named with no other cue is "availability". */
export function classifyIntent(text: string, mentionsProduct: boolean): Intent {
  const normalised = normaliseText(text).trim();
  for (const [intent, pattern] of intentPatterns) {
    if (pattern.test(normalised)) return intent;
  }
  if (/\b(size|colou?r|small|medium|large|x?xs|x?xl|xxl)\b/.test(normalised) && mentionsProduct)
    return 'availability';
  if (/[?]/.test(normalised) && mentionsProduct) return 'availability';
  return mentionsProduct ? 'availability' : 'other';
}

// Colour and size shorthand seen in DMs, read as the full word before options are matched.
const shorthand: [RegExp, string][] = [
  [/\b(blk|blck|bk)\b/g, 'black'],
  [/\b(wht|whte|wite)\b/g, 'white'],
  [/\b(gry|gray)\b/g, 'grey'],
  [/\b(nvy)\b/g, 'navy'],
  [/\b(sm|sml)\b/g, 'small'],
  [/\b(med|meduim)\b/g, 'medium'],
  [/\b(lrg|lg)\b/g, 'large'],
];

export function expandShorthand(text: string): string {
  return shorthand.reduce((result, [pattern, word]) => result.replace(pattern, word), normaliseText(text));
}

const squash = (text: string) => normaliseText(text).replace(/\s+/g, '');

/**
 * Keeps the candidate variants whose option values the buyer wrote out (e.g. a shade, a scent, "50 ml", "M/L"),
 * one option at a time, never narrowing to nothing. The catalog's search reads sizes and colours; this also reads
 * any other option the product has. Single letters are left to the catalog (they hide inside words).
 */
export function narrowByNamedOptions(product: CatalogProduct, variantIds: string[], text: string): string[] {
  const said = ` ${squash(expandShorthand(text)).replace(/[^\p{L}\p{N}/.%-]+/gu, ' ')} `;
  // "the women's one": a possessive names the value it is glued to.
  const spaced = ` ${expandShorthand(text)
    .replace(/(\p{L})'s(?!\p{L})/gu, '$1')
    .replace(/[^\p{L}\p{N}/.%'-]+/gu, ' ')} `;
  let candidates = variantIds;
  const optionNames = [
    ...new Set(product.variants.flatMap((variant) => variant.options.map((option) => option.name))),
  ];
  for (const name of optionNames) {
    const values = [
      ...new Set(
        product.variants.flatMap((variant) =>
          variant.options.filter((option) => option.name === name).map((option) => option.value),
        ),
      ),
    ];
    const named = values.filter((value) => {
      const plain = normaliseText(value);
      if (plain.replace(/\s+/g, '').length < 2) return false;
      const escaped = plain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`[^\\p{L}\\p{N}']${escaped}[^\\p{L}\\p{N}']`, 'u').test(spaced)) return true;
      // "12 pack" for "12-Pack", "x large" for "X-Large": hyphens read as spaces on both sides.
      if (
        plain.includes('-') &&
        ` ${spaced.replace(/-/g, ' ').replace(/\s+/g, ' ')} `.includes(
          ` ${plain.replace(/-/g, ' ').replace(/\s+/g, ' ')} `,
        )
      )
        return true;
      // "50ml" for "50 ml": compare without spaces, with no digit or letter glued on either side.
      const tight = squash(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return /\d/.test(tight) && new RegExp(`[^\\p{L}\\p{N}]${tight}[^\\p{L}\\p{N}]`, 'u').test(said);
    });
    if (named.length === 0) continue;
    // The longest named value wins ("heather grey" over "grey"), as the buyer wrote the fuller name.
    const longest = named
      .sort((a, b) => b.length - a.length)
      .filter(
        (value, _index, all) =>
          !all.some((other) => other !== value && normaliseText(other).includes(normaliseText(value))),
      );
    const kept = candidates.filter((id) => {
      const variant = product.variants.find((item) => item.id === id);
      return variant?.options.some((option) => option.name === name && longest.includes(option.value));
    });
    if (kept.length > 0) candidates = kept;
  }
  return candidates;
}

/**
 * The DM as the rest of the steps read it: its language, and its words in English (the lexicon) with sizes in
 * one spelling. Sync and cheap, so the search can start from it.
 */
export function readMessage(
  text: string,
  previous: Language | null,
): { language: Language; reading: string } {
  let language = detectLanguage(text, previous);
  // A short DM with no marker word and no English cue: the lexicon that reads most of it.
  if (language === 'en') language = languageByLexicon(text) ?? language;
  else if (!hasMarkerWord(text, language)) {
    // The n-grams alone placed it, and they mislead on product names ("a dozen protein cookies, chocolate chip"
    // reads as Italian): a language whose lexicon reads none of it is not the DM's; another that reads more wins.
    const votes = lexiconVotes(text);
    const own = votes.find(([other]) => other === language)?.[1] ?? 0;
    const [best, count] = votes[0]!;
    if (count >= 2 && count > own) language = best;
    else if (own === 0) language = previous ?? 'en';
  }
  return { language, reading: normaliseColourWords(normaliseSizeWords(toEnglish(text, language))) };
}

const optionNamesOf = (product: CatalogProduct) => [
  ...new Set(product.variants.flatMap((variant) => variant.options.map((option) => option.name))),
];
const valuesOf = (product: CatalogProduct, name: string) => [
  ...new Set(
    product.variants.flatMap((variant) =>
      variant.options.filter((option) => option.name === name).map((option) => option.value),
    ),
  ),
];
const optionValue = (variant: CatalogVariant, name: string) =>
  variant.options.find((option) => option.name === name)?.value;

/**
 * "sorry i meant black not olive", "not pink, grey": what follows "not" is what the buyer does not want; so is what
 * comes before "isn't my vibe" or "is not for me", and after "not a fan of".
 */
export function withoutTurnedDown(said: string): string {
  return said
    .replace(
      /\b[\w/-]+ (?:(?:is|are) ?n'?t|(?:is|are) not|ain'?t) (?:really |rly |quite |exactly )?(?:my|for me|me)\b/g,
      ' ',
    )
    .replace(/\bnot (?:a fan of |into |keen on )?(?:(?:the|in|a|an) )*[\w/-]+/g, ' ');
}

/**
 * The option values the buyer named, by option name: the store's own words ("Heather Grey", "50 ml"), a colour
 * family for the store's colour names ("dark green" -> Forest), a size in another spelling, "the big one".
 */
export function readNamedOptions(product: CatalogProduct, said: string): Record<string, string[]> {
  const text = withoutTurnedDown(said);
  const named: Record<string, string[]> = {};
  const all = product.variants.map((variant) => variant.id);
  const titleWords = new Set(normaliseText(product.title).split(/[^a-z]+/));
  // The colours the buyer named are the same for every option: read once, when an option first asks.
  let colours: ReturnType<typeof readColourFamilies> | undefined;
  const coloursSaid = () => (colours ??= readColourFamilies(text, titleWords));
  const buyerWords = normaliseText(text)
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 5);
  for (const name of optionNamesOf(product)) {
    const values = valuesOf(product, name);
    if (values.length < 2) {
      // A colour asked of a product made in one other ("in black" of boots made only in Brown): none of its values.
      if (values.length === 1 && isColourOption(name, values)) {
        const { families } = coloursSaid();
        const own = colourFamiliesOf(values[0]!)?.families ?? [];
        if (families.length > 0 && !families.some((family) => own.includes(family))) named[name] = [];
      }
      continue;
    }
    // The store's own words first.
    const literal = narrowByNamedOptions(
      {
        ...product,
        variants: product.variants.map((v) => ({ ...v, options: v.options.filter((o) => o.name === name) })),
      },
      all,
      bedSizesAsSold(text, values),
    );
    if (literal.length < all.length) {
      named[name] = [
        ...new Set(
          literal.map((id) =>
            optionValue(
              product.variants.find((variant) => variant.id === id)!,
              name,
            )!,
          ),
        ),
      ];
      continue;
    }
    // Bare letter sizes ("M", "xl") the catalog reads from the text.
    const lower = ` ${normaliseText(text).replace(/[^\p{L}\p{N}.]+/gu, ' ')} `
      .replace(/ (small|sml|sm) /g, ' s ')
      .replace(/ (medium|med) /g, ' m ')
      .replace(/ (large|lrg|lg) /g, ' l ');
    const sizes = values.filter((value) => {
      const plain = normaliseText(value).replace(/\s+/g, '');
      // "S/M", "L/XL": the buyer's letter is any of its parts ("a medium" fits S/M and M/L).
      const parts = plain.split('/');
      if (parts.length === 2 && parts.every((part) => /^(xxs|xs|s|m|l|xl|xxl)$/.test(part)))
        return parts.some(
          (part) => new RegExp(` ${part} `).test(lower) && !(part === 'm' && / i m /.test(lower)),
        );
      if (!/^(xxs|xs|s|m|l|xl|xxl|xxxl|\d{1,2}(\.5)?)$/.test(plain)) return false;
      if (/^\d/.test(plain))
        return new RegExp(
          `\\b(size|uk|us|eu) ${plain.replace('.', '\\.')}\\b|^ ${plain.replace('.', '\\.')} $`,
        ).test(lower);
      return new RegExp(` ${plain} `).test(lower) && !(plain === 'm' && / i m /.test(lower));
    });
    if (sizes.length > 0) {
      named[name] = sizes;
      continue;
    }
    // Dimensions ("5x8 ft", "60x90 in", "32x30"): the buyer's "5x8" / "5 x 8" / "5 by 8", the numbers in order.
    if (values.every((value) => /^\s*\d+(?:\.\d+)?\s*x\s*\d+/i.test(value))) {
      // Jeans sizes as buyers write them: "32/32", "W32 L30", "32 waist 30 leg".
      const written = waistByLeg(normaliseText(text).replace(/\bw\s?(\d{2})\s*l\s?(\d{2})\b/g, '$1x$2'));
      const said = [...written.matchAll(/(\d+(?:\.\d+)?)\s*(?:x|by|\*|×|\/)\s*(\d+(?:\.\d+)?)/g)].map(
        (match) => `${Number(match[1])}x${Number(match[2])}`,
      );
      if (said.length > 0) {
        named[name] = values.filter((value) => {
          const match = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)/i.exec(value)!;
          return said.includes(`${Number(match[1])}x${Number(match[2])}`);
        });
        continue;
      }
    }
    // "a dozen" of Single / Box of 12: the pack of twelve ("half a dozen": of six).
    const dozenPack = packOfDozen(values, text) ?? singleForDozen(values, text);
    if (dozenPack) {
      named[name] = [dozenPack];
      continue;
    }
    // A number in the unit the values are in ("the 4 tube pack" of Single Tube / 4 Tubes, "14 inch" of 8 / 10 /
    // 12 in, "1kg"): the value of that amount, or none when no value is (the product is not sold so).
    const measured = values.map((value) => ({ value, measure: unitAmountOf(value) }));
    if (measured.filter(({ measure }) => measure).length >= Math.max(2, values.length - 1)) {
      // "the 4 pack" of Single Tube / 4 Tubes: a pack counts whatever the values count.
      const countUnits = new Set(['tube', 'can', 'bar', 'box', 'count', 'pack']);
      const valueUnits = new Set(measured.map(({ measure }) => measure?.unit).filter(Boolean));
      const asked = readUnitAmounts(text)
        .map((amount) =>
          amount.unit === 'pack' &&
          !valueUnits.has('pack') &&
          [...valueUnits].every((u) => countUnits.has(u!))
            ? { ...amount, unit: [...valueUnits][0]! }
            : amount,
        )
        .filter((amount) => measured.some(({ measure }) => measure?.unit === amount.unit));
      if (asked.length > 0) {
        named[name] = measured
          .filter(({ measure }) =>
            asked.some((amount) => amount.unit === measure?.unit && amount.number === measure.number),
          )
          .map(({ value }) => value);
        continue;
      }
    }
    // Numbers with a unit ("10 in", "5 lb", "12-Pack", "2 kg"): the buyer's number, whatever unit word they use.
    const leading = values.map((value) => ({
      value,
      number: /^\s*[$€£]?\s*(\d+(?:[.,]\d+)?)(?!\d)/.exec(value)?.[1],
    }));
    if (
      leading.every(({ number }) => number !== undefined) ||
      leading.filter(({ number }) => number).length >= 2
    ) {
      const said = new Set(
        [...normaliseText(text).matchAll(/(?<![\d.,])(\d+(?:[.,]\d+)?)(?![\d.,]*\d)/g)].map((match) =>
          String(Number(match[1]!.replace(',', '.'))),
        ),
      );
      const numbered = leading.filter(
        ({ number }) => number !== undefined && said.has(String(Number(number.replace(',', '.')))),
      );
      const isPlainNumber = leading.every(({ value }) => /^\s*\d+(?:[.,]\d+)?\s*$/.test(value));
      // A bare number for a plain-number option (shoe sizes) only when it is not a count ("2 pairs of the 9").
      const counted = new Set(
        findQuantities(text)
          .filter((mention) => mention.explicit)
          .map((mention) => String(mention.value)),
      );
      const kept = numbered.filter(({ number }) => !isPlainNumber || !counted.has(String(Number(number!))));
      if (kept.length > 0) {
        named[name] = kept.map(({ value }) => value);
        continue;
      }
      // A size asked by number that no value is ("a 32 waist" of jeans in 24 to 30): not sold so.
      if (
        isPlainNumber &&
        /\b(size|sz|waist|uk|us|eu)\s*\d{1,2}(\.5)?\b|\b\d{1,2}(\.5)?\s*(waist|inch waist)\b|\bin (a |an )?\d{1,2}(\.5)?\s*[?!.]*$/.test(
          normaliseText(text).trim(),
        )
      ) {
        named[name] = [];
        continue;
      }
      // An amount of money no value is ("a $200 gift card" of $25 / $50 / $100).
      if (
        leading.every(({ value }) => /^\s*[$€£]\s*\d+(?:[.,]\d+)?\s*$/.test(value)) &&
        /[$€£]\s*\d+|\d+\s*(dollars?|euros?|pounds?|bucks)\b/.test(normaliseText(text))
      ) {
        named[name] = [];
        continue;
      }
    }
    // A value written with a typo ("choclate", "vanila"): one letter off, two in a long word.
    const misspelt = values.filter((value) =>
      normaliseText(value)
        .split(/[^\p{L}]+/u)
        .filter(
          (word) =>
            word.length >= 5 &&
            !values.some((other) => other !== value && normaliseText(other).includes(word)),
        )
        .some((word) =>
          buyerWords.some(
            (said) =>
              said !== word &&
              Math.abs(said.length - word.length) <= 2 &&
              editDistance(said, word) <= (word.length >= 8 ? 2 : 1),
          ),
        ),
    );
    if (misspelt.length > 0) {
      named[name] = misspelt;
      continue;
    }
    // A pattern in the buyer's word for it ("the plaid one" of Red Tartan), unless the title says it already.
    const patterns = buyerPatternWords(text).filter((word) => !titleWords.has(word));
    const byPattern = values.filter((value) =>
      normaliseText(value)
        .split(/\s+/)
        .some((word) => patterns.some((said) => patternSynonyms[said]!.includes(word))),
    );
    if (byPattern.length > 0) {
      // "the stripy top in red" of Navy Stripe / Red Stripe: the colour chooses among the pattern's values.
      const { families } = coloursSaid();
      const byColour = byPattern.filter((value) =>
        colourFamiliesOf(value)?.families.some((family) => families.includes(family)),
      );
      named[name] = byColour.length > 0 ? byColour : byPattern;
      continue;
    }
    // Colour families, for an option whose values are colours.
    const { families, shade, words: colourWords } = coloursSaid();
    if (families.length > 0 && isColourOption(name, values)) {
      const matching = values
        .map((value) => ({ value, colour: colourFamiliesOf(value) }))
        .filter(({ colour }) => colour?.families.some((family) => families.includes(family)));
      if (matching.length > 0) {
        let kept = matching;
        if (shade && matching.length > 1) {
          const sorted = [...matching].sort((a, b) => a.colour!.lightness - b.colour!.lightness);
          const byShade = sorted.filter(({ value, colour }) =>
            shade === 'dark'
              ? colour!.lightness < 0.35 || /\b(dark|deep|forest|navy)\b/i.test(value)
              : colour!.lightness > 0.6 || /\b(light|pale|sky)\b/i.test(value),
          );
          kept = byShade.length > 0 ? byShade : [shade === 'dark' ? sorted[0]! : sorted.at(-1)!];
        }
        // A colour name the buyer wrote that a value also has ("navy" for Navy Stripe over Blue) settles it; a
        // family word does not ("brown" of Tan and Dark Brown is either: the buyer is asked).
        const sameWord = kept.filter(({ value }) =>
          colourWords.some(
            (word) => !isColourFamilyWord(word) && normaliseText(value).split(/\s+/).includes(word),
          ),
        );
        if (sameWord.length > 0) kept = sameWord;
        named[name] = kept.map(({ value }) => value);
        continue;
      }
      named[name] = [];
      continue;
    }
    // A shade said alone ("the dark ones", "the darkest shade", "a lighter one"): the values named dark or light
    // (Deep, Light), else the colours of that lightness; several fitting leave the buyer to choose.
    const shadeAlone = readShadeAlone(text);
    if (shadeAlone) {
      const byName = values.filter((value) =>
        (shadeAlone === 'dark' ? /\b(dark|deep|rich)\b/i : /\b(light|fair|pale)\b/i).test(value),
      );
      const colours = values.map((value) => ({ value, colour: colourFamiliesOf(value) }));
      const byLightness = colours.every(({ colour }) => colour)
        ? colours.filter(({ colour }) =>
            shadeAlone === 'dark' ? colour!.lightness < 0.35 : colour!.lightness > 0.7,
          )
        : [];
      const kept = byName.length > 0 ? byName : byLightness.map(({ value }) => value);
      if (kept.length > 0 && kept.length < values.length) {
        named[name] = kept;
        continue;
      }
    }
    // A flavour or scent family named by one of its members ("lemon" for Citrus).
    const byFamily = valuesByFlavourFamily(text, values);
    if (byFamily.length > 0) {
      named[name] = byFamily;
      continue;
    }
    // A flavour or scent the option has no value of ("strawberry" gummies sold in Sour Cherry and Mango).
    if (
      /flavou?r|scent|fragrance|taste|aroma/i.test(name) &&
      flavoursNotCarried(text, values, product.title).length > 0
    ) {
      named[name] = [];
      continue;
    }
    // "the big one" among volumes and pack sizes; "the middle size" of three.
    const relative = readRelativeAmount(text);
    const amounts = values.map((value) => ({ value, amount: sizeOrderOf(value) }));
    if (
      amounts.length === 3 &&
      amounts.every(({ amount }) => amount !== null) &&
      /\b(middle|mid|in[- ]between)[\s-]*(size|sized|one|ones)\b/.test(text)
    ) {
      named[name] = [[...amounts].sort((a, b) => a.amount! - b.amount!)[1]!.value];
      continue;
    }
    if (relative && amounts.every(({ amount }) => amount !== null)) {
      const sorted = [...amounts].sort((a, b) => a.amount! - b.amount!);
      named[name] = [relative === 'largest' ? sorted.at(-1)!.value : sorted[0]!.value];
      continue;
    }
    if (valueNotCarried(text, values)) named[name] = [];
  }
  return named;
}

/** The pattern words of the buyer's text that stores may write otherwise. */
const buyerPatternWords = (text: string) =>
  normaliseText(text)
    .split(/[^\p{L}]+/u)
    .filter((word) => Object.hasOwn(patternSynonyms, word));

/** "the dark ones", "the darkest shade", "a lighter colour": a shade asked with no colour named. */
function readShadeAlone(text: string): 'dark' | 'light' | null {
  const reading = normaliseText(text);
  // "the dark ones", "a deeper shade", "for darker skin (tones)", "the lighter wash" (of jeans).
  const noun = String.raw`\s+(skin\s+)?(one|ones|colou?rs?|shades?|tones?|version|wash)\b|\s+skin\b`;
  if (
    new RegExp(String.raw`\b(dark|darker|darkest|deep|deeper|deepest)${noun}|\bthe (darkest|deepest)\b`).test(
      reading,
    )
  )
    return 'dark';
  if (
    new RegExp(
      String.raw`\b(light|lighter|lightest|pale|paler|palest|fair|fairest)${noun}|\bthe (lightest|palest|fairest)\b`,
    ).test(reading)
  )
    return 'light';
  return null;
}

/**
 * A value of the option's own kind that the option does not have: the last word of a two-word value with
 * another word before it ("light wash" of Mid Wash, "black check" of Red Check / Green Check).
 */
export function valueNotCarried(text: string, values: string[]): string | null {
  const said = ` ${normaliseText(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const own = new Set(values.map((value) => normaliseText(value)));
  for (const value of values) {
    const words = normaliseText(value).split(/\s+/);
    // "84 in", "500 g": a number with its unit is no word of a kind ("the long ones in grey" names no length).
    if (words.length !== 2 || /\d/.test(words[0]!)) continue;
    const match = new RegExp(` (\\p{L}{3,}) ${words[1]} `, 'u').exec(said);
    if (
      match &&
      !/^(the|this|that|these|those|same|other|another|any|one|your|my|our|their|its|and|or|in|of)$/.test(
        match[1]!,
      ) &&
      !own.has(`${match[1]} ${words[1]}`)
    )
      return `${match[1]} ${words[1]}`;
  }
  return null;
}

/**
 * An option whose values are colours. Not a size, firmness or pack ("Queen" and "King" are colour names in the long
 * list), nor a flavour or scent ("citrus" is a colour name too, and Lemon one).
 */
function isColourOption(name: string, values: string[]): boolean {
  if (
    /size|taille|talla|gr(o|oe|ö)(ss|ß)e|firm|length|fit|pack|weight|volume|flavou?r|scent|fragrance|taste|aroma/i.test(
      name,
    )
  )
    return false;
  return values.some((value) => colourFamiliesOf(value));
}

/**
 * The buyer's colour words that none of the products comes in: each has a colour option, and no value is in the
 * families named nor has the word.
 */
function coloursNotCarried(reading: string, products: CatalogProduct[]): string[] {
  const colourOptions = products.map(
    (product) =>
      optionNamesOf(product)
        .map((name) => ({ name, values: valuesOf(product, name) }))
        .find(({ name, values }) => isColourOption(name, values))?.values,
  );
  if (colourOptions.some((values) => !values)) return [];
  const titleWords = new Set(products.flatMap((product) => normaliseText(product.title).split(/[^a-z]+/)));
  const { families, words } = readColourFamilies(reading, titleWords);
  if (families.length === 0) return [];
  const carried = colourOptions.some((values) =>
    values!.some(
      (value) =>
        colourFamiliesOf(value)?.families.some((family) => families.includes(family)) ||
        words.some((word) => normaliseText(value).split(/\s+/).includes(word)),
    ),
  );
  return carried ? [] : words;
}

/**
 * A colour family the buyer asks of a product sold in the one colour its title names ("the white leather sneakers
 * in all black"): that colour is not sold. Family words only: "chocolate" of the Gold Whey is a flavour.
 */
function colourNotInTitle(product: CatalogProduct, reading: string): string[] {
  if (optionNamesOf(product).some((name) => isColourOption(name, valuesOf(product, name)))) return [];
  const own = readColourFamilies(product.title).families;
  if (own.length === 0) return [];
  const { families, words } = readColourFamilies(
    reading,
    new Set(normaliseText(product.title).split(/[^a-z]+/)),
  );
  if (families.length === 0 || families.some((family) => own.includes(family))) return [];
  return words.filter(isColourFamilyWord);
}

/** The value one step up or down from `from` among an option's sizes, or null at the end or when unordered. */
function nextSize(product: CatalogProduct, name: string, from: string, step: 1 | -1): string | null {
  const amounts = valuesOf(product, name).map((value) => ({ value, amount: sizeOrderOf(value) }));
  if (amounts.some(({ amount }) => amount === null)) return null;
  const sorted = amounts.sort((a, b) => a.amount! - b.amount!);
  const at = sorted.findIndex(({ value }) => value === from);
  return at === -1 ? null : (sorted[at + step]?.value ?? null);
}

/** Variants carrying every chosen value; the newest choice wins where older ones would leave none. */
function variantsFor(product: CatalogProduct, chosen: [string, string[]][]): string[] {
  let kept = product.variants;
  for (const [name, values] of [...chosen].reverse()) {
    const next = kept.filter((variant) => values.includes(optionValue(variant, name) ?? ''));
    if (next.length > 0) kept = next;
  }
  return kept.map((variant) => variant.id);
}

const followUpCue =
  /^\s*(and|what about|how about|in|also|or|ok|okay|then|same|the other|other|another|is it|it|does it|do you have it|how much)\b|\b(it|that one|this one|those|these|them|of those|of them|same one|the other one|that|this)\b/i;

/** Things bought in pairs: "a pair of" them is one. */
const pairedThings =
  /\b(pairs?|shoes?|boots?|sneakers?|trainers?|sandals?|slides?|slippers?|heels|loafers|socks?|gloves?|mittens?|earrings?|poles?|sunglasses|glasses|goggles|jeans|trousers|pants|chinos|leggings|joggers|sweatpants|shorts|tights|pyjamas|pajamas|briefs|boxers)\b/;

/** How a DM about the product in play begins ("and …", "how about …", "same but …"). */
const followUpOpening = /^\s*(and|what about|how about|same but|same in|also|ok(ay)? (and|then|so))\b/;

/** A question about the product in play by its pronoun: "does it come in …", "are they available in …". */
const asksOfIt =
  /^\s*(?:\w+[,!.]?\s+)?(?:does|do|is|are|can i get|could i get) (?:it|they|that|this|these|those|that one|this one) (?:come|available|exist|sold|made|also come)\b/;

/** A count or size of packs ("2 sets", "a 12 pack", "three boxes"): no product's name, whatever is called a set. */
const countedPacks =
  /\b(?:\d{1,3}|an?|one|two|three|four|five|six|eight|ten|twelve)\s*-?\s*(?:packs?|sets?|box(?:es)?|cases?|bundles?)\b/;
const everyCountedPack = new RegExp(countedPacks.source, 'g');

/** Words that point back at the product in play, whatever else the DM says. */
const pointsBack =
  /\b(of|in|with) (those|these|them)\b|\b(that|this|same) one\b|\bthe same\b|\b(take|get|grab|have) (it|them)\b/;

/** A DM with no product of its own that speaks of the one in play ("and in black?", "2 of those", "how much?"). */
function isFollowUp(
  reading: string,
  intent: Intent,
  namedSomething: boolean,
  quantity: number | null,
): boolean {
  if (['greeting', 'thanks', 'human', 'complaint', 'order_status', 'shipping_returns'].includes(intent))
    return false;
  if (followUpCue.test(reading) || namedSomething || quantity !== null) return true;
  // A short question with no product word ("price?", "in stock?") is about the product in play.
  return reading.split(/\s+/).filter(Boolean).length <= 3 && intent !== 'other';
}

/** The product of the question last asked that the buyer picked ("the second one", a word of its name). */
function pickFromQuestion(reading: string, products: CatalogProduct[]): CatalogProduct | null {
  const ordinals: [RegExp, number][] = [
    [/\b(first|1st|former)\b/, 0],
    [/\b(second|2nd|latter)\b/, 1],
    [/\b(third|3rd)\b/, 2],
  ];
  for (const [pattern, index] of ordinals)
    if (pattern.test(reading) && products[index]) return products[index]!;
  const words = normaliseText(reading)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  const scored = products
    .map((product) => ({
      product,
      hits: normaliseText(product.title)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => words.includes(word)).length,
    }))
    .sort((a, b) => b.hits - a.hits);
  if (scored[0] && scored[0].hits > 0 && scored[0].hits > (scored[1]?.hits ?? 0)) return scored[0].product;
  return null;
}

/**
 * What the buyer weighs with "or" that the catalog does not sell. "kayaks or just the paddle": kayaks are not sold
 * when no product other than the paddle is that kind and carries the words; the paddle is the closest.
 * "kettlebells or dumbbells", "nike or adidas trainers": neither side is carried by any product.
 */
async function alternativesNotSold(
  catalog: CatalogService,
  brandId: string,
  reading: string,
): Promise<{ lacking: string; closest: FindProductsResult['matches'][number] | null } | null> {
  const alternatives = readAlternatives(reading);
  if (!alternatives) return null;
  const { asked, other, only } = alternatives;
  const isSold = async (words: string[], besides: string | null) => {
    const text = words.join(' ');
    const found = await catalog.findProducts({ brandId, text, limit: 5 });
    return found.matches.some(
      (match) =>
        match.product.id !== besides &&
        unknownWords(text, match.product).length === 0 &&
        (besides === null || isKindOf(words.at(-1)!, match.product)),
    );
  };
  if (only) {
    const known = (await catalog.findProducts({ brandId, text: other.join(' '), limit: 1 })).matches[0];
    if (!known || (await isSold(asked, known.product.id))) return null;
    return { lacking: asked.join(' '), closest: known };
  }
  if ((await isSold(asked, null)) || (await isSold(other, null))) return null;
  return { lacking: `${asked.join(' ')} or ${other.join(' ')}`, closest: null };
}

/**
 * What the buyer asks the shop to sell by name ("do u sell sunglasses? going hiking next month"): the content
 * words right after "do you sell / carry / stock / have", up to the end of that phrase.
 */
export function askedToSell(reading: string): string[] {
  const tokens = phraseTokens(reading);
  const verb = tokens.findIndex(
    (word, index) =>
      /^(sell|carry|stock|have|do)$/.test(word) &&
      /^(you|u|ya|yall|y'all|guys)$/.test(tokens[index - 1] ?? '') &&
      (/^(do|does|you|u)$/.test(tokens[index - 2] ?? '') || index === 1),
  );
  if (verb < 0) return [];
  const asked: string[] = [];
  for (let next = verb + 1; next < tokens.length && asked.length < 3; next += 1) {
    const word = tokens[next]!;
    if (word === '|' || phraseEnd.test(word)) break;
    if (/^(any|the|a|an|some|also|even)$/.test(word)) continue;
    if (!isContentWord(word)) return [];
    asked.push(word);
  }
  return asked;
}

/** A thing asked for by name that the catalog knows none of the words of: not sold, whatever else the DM says. */
async function namedThingNotSold(
  catalog: CatalogService,
  brandId: string,
  reading: string,
): Promise<string | null> {
  const asked = askedToSell(reading);
  if (asked.length === 0) return null;
  const text = asked.join(' ');
  const found = await catalog.findProducts({ brandId, text, limit: 5 });
  const knownWord = found.matches.some((match) => unknownWords(text, match.product).length < asked.length);
  return knownWord ? null : text;
}

/** Below this search confidence a product that the buyer did not name in full is "the closest", not the one. */
const CONFIDENT_MATCH = 0.5;

export async function understand(input: {
  catalog: CatalogService;
  brandId: string;
  text: string;
  history: HistoryTurn[];
  search: FindProductsResult;
  state?: ConversationState | null;
  reading?: { language: Language; reading: string };
}): Promise<Understanding> {
  const { catalog, brandId, search } = input;
  const state = input.state ?? null;
  const { language, reading } = input.reading ?? readMessage(input.text, state?.language ?? null);
  const base = {
    language,
    reading,
    confidence: null as number | null,
    lacking: null as string | null,
    handOffReason: null as string | null,
  };
  let intent = classifyIntent(reading, search.outcome !== 'none');
  if (intent === 'human') base.handOffReason = 'asked for a person';
  if (intent === 'complaint' && (state?.complaints ?? 0) > 0) base.handOffReason = 'repeated complaint';
  const packSize = readPackSize(reading);

  // 1. A product the message names itself: a new product resets what was in play.
  let product: CatalogProduct | null = null;
  let variantIds: string[] = [];
  let fromHistory = false;
  let carried: [string, string[]][] = [];
  let quantityCarried: number | null = null;
  // Staying on the product in play keeps what was settled on it: its chosen values and its count.
  const keepSettled = (settled: ConversationState) => {
    carried = Object.entries(settled.chosen).map(([name, value]) => [name, [value]]);
    quantityCarried = settled.quantity;
  };
  const best = search.matches[0];
  const fromState = state?.productId
    ? await catalog.getProduct({ brandId, productId: state.productId })
    : null;

  // A kind of product the catalog does not sell, weighed with "or": not sold, with what they named that we do.
  const weighed = ['availability', 'price', 'options', 'other'].includes(intent)
    ? await alternativesNotSold(catalog, brandId, reading)
    : null;
  const notSold =
    !weighed && ['availability', 'price', 'options', 'other'].includes(intent)
      ? await namedThingNotSold(catalog, brandId, reading)
      : null;
  if (notSold)
    return {
      ...base,
      lacking: notSold,
      lacksKind: true,
      intent,
      quantity: readQuantity(reading),
      selection: { kind: 'none' },
    };
  if (weighed) {
    base.lacking = weighed.lacking;
    const quantity = readQuantity(reading);
    if (!weighed.closest) return { ...base, lacksKind: true, intent, quantity, selection: { kind: 'none' } };
    return {
      ...base,
      lacksKind: true,
      confidence: Math.round(weighed.closest.score * 100) / 100,
      intent,
      quantity,
      selection: {
        kind: 'product',
        product: weighed.closest.product,
        variantIds: weighed.closest.variantIds,
        requestedOptions: search.requestedOptions,
        fromHistory: false,
      },
    };
  }

  // "gatorade powder or something like it": a name the catalog does not know, with the buyer's leave to offer
  // the closest; not sold, and what we have that comes nearest.
  const asksByName = ['availability', 'price', 'options', 'other'].includes(intent);
  const similarTo = asksByName ? askedOrSimilar(reading) : null;
  const lacking =
    similarTo !== null && best
      ? search.matches
          .map((match) => unknownWords(similarTo, match.product))
          .reduce((a, b) => a.filter((word) => b.includes(word)))
          .join(' ')
      : '';
  // "got any le creuset dutch ovens": a well-known brand asked by name that no product found carries is the same
  // question, however well the rest of the words match; "ugg boots or something similar" too, whose name is too
  // short to count as a word the catalog lacks.
  const brand = asksByName ? otherBrandNamed(similarTo ?? reading) : null;
  const brandLacking =
    brand !== null && search.matches.every((match) => !carriesName(match.product, brand)) ? brand : '';
  if ((lacking || brandLacking) && best) {
    return {
      ...base,
      lacking: lacking || brandLacking,
      lacksKind: true,
      confidence: Math.round(best.score * 100) / 100,
      intent,
      quantity: readQuantity(reading),
      selection: {
        kind: 'product',
        product: best.product,
        variantIds: best.variantIds,
        requestedOptions: search.requestedOptions,
        fromHistory: false,
      },
    };
  }

  if (
    state?.question?.kind === 'ask_product' &&
    (search.outcome !== 'match' ||
      !best ||
      (best.score < 0.75 && !state.question.productIds.includes(best.product.id)))
  ) {
    const choices = (
      await Promise.all(
        state.question.productIds.map((productId) => catalog.getProduct({ brandId, productId })),
      )
    ).filter((item): item is CatalogProduct => item !== null);
    const picked =
      pickFromQuestion(reading, choices) ??
      // The buyer answered with an option ("size 9"): the first choice that has it.
      choices.find((choice) =>
        Object.values(readNamedOptions(choice, reading)).some((values) => values.length > 0),
      ) ??
      null;
    if (picked) {
      product = picked;
      fromHistory = true;
      quantityCarried = state.quantity;
    }
  }
  // A short follow-up that names an option or a count of the product in play stays on it, even when a word of it
  // also fits another product weakly ("sage pls" after the Dutch oven, "make it 3").
  if (
    !product &&
    fromState &&
    best &&
    best.product.id !== fromState.id &&
    !namesAnotherProduct(reading, best.product, fromState) &&
    ((best.score < 0.75 &&
      reading.split(/\s+/).filter(Boolean).length <= 5 &&
      (Object.keys(readNamedOptions(fromState, reading)).length > 0 ||
        findQuantities(reading).length > 0 ||
        followUpCue.test(reading))) ||
      (reading.split(/\s+/).filter(Boolean).length <= 4 &&
        Object.values(readNamedOptions(fromState, reading)).some((values) => values.length > 0)) ||
      // "2 of those in M mid wash", "how about for my husband, XL in navy": a word pointing back at it or a
      // follow-up's opening, with options it has, however long the DM.
      (best.score < 0.75 &&
        (pointsBack.test(reading) || followUpOpening.test(reading)) &&
        Object.values(readNamedOptions(fromState, reading)).some((values) => values.length > 0)) ||
      // "does it come in cal king?": asked of it, whether or not it has that (when not, it is not sold so).
      (best.score < 0.75 && asksOfIt.test(reading)) ||
      // "2 sets then", "i'll grab a 12 pack": packs of it counted, not the products called a set or a pack.
      (best.score < 0.75 && countedPacks.test(reading)))
  ) {
    product = fromState;
    fromHistory = true;
    keepSettled(state!);
  }
  if (!product && search.outcome === 'match' && best) {
    // A weaker match that carries every word the buyer gave beats one that lacks one of them ("a 6 pack of the
    // protein cookies" is the Protein Cookie, not the Protein Sample Pack).
    // Of products the search rates the same, the plainest ("protein bar box of 12" is not the Vegan one).
    const plainest = search.matches
      .filter((match) => match.score === best.score)
      .sort((a, b) => unsaidTitleWords(reading, a.product) - unsaidTitleWords(reading, b.product))[0]!;
    const fuller =
      unknownWords(reading, best.product).length > 0
        ? search.matches
            .filter((match) => match !== best && unknownWords(reading, match.product).length === 0)
            // The buyer's words in its name before in its options ("cookies" is the Protein Cookie, not a
            // protein in Cookies & Cream).
            .sort((a, b) => unsaidTitleWords(reading, a.product) - unsaidTitleWords(reading, b.product))[0]
        : undefined;
    const chosenMatch = fuller ?? plainest;
    const sameAsState = fromState && chosenMatch.product.id === fromState.id;
    product = chosenMatch.product;
    base.confidence = Math.round(chosenMatch.score * 100) / 100;
    if (sameAsState && state) {
      keepSettled(state);
    } else if (
      state &&
      fromState &&
      (/\b(that|same|this) (flavou?r|colou?r|size|scent|shade|one)\b/.test(reading) ||
        isSibling(fromState, chosenMatch.product))
    ) {
      // "single bars in that flavour", "then just 5 single ones" after the Box of 12: the options settled on the
      // last product carry to this one where it has them.
      carried = Object.entries(state.chosen)
        .filter(([name, value]) => valuesOf(chosenMatch.product, name).includes(value))
        .map(([name, value]) => [name, [value]]);
    }
  } else if (!product && search.outcome === 'ambiguous') {
    // "the other one?" after an alternative was offered, or a follow-up on the product in play.
    const inPlay = fromState && search.matches.find((match) => match.product.id === fromState.id);
    // A measure or attribute the buyer gave ("1 person", "SPF 100", "vegan") settles which one, or that we
    // do not sell it.
    const decided = inPlay ? null : await decideByQualifiers(catalog, brandId, reading, search.matches);
    // A flavour or scent none of the products that fit comes in ("pistachio protein"): not sold.
    const flavoursLacking =
      inPlay || decided
        ? []
        : flavoursNotCarried(
            reading,
            search.matches.flatMap((match) =>
              match.product.variants.flatMap((v) => v.options.map((o) => o.value)),
            ),
            search.matches.map((match) => match.product.title).join(' '),
          );
    // A colour none of them comes in ("bath towels in yellow"): not sold.
    const coloursLacking =
      inPlay || decided || flavoursLacking.length > 0
        ? []
        : coloursNotCarried(
            reading,
            search.matches.map((match) => match.product),
          );
    const plain =
      inPlay || decided || flavoursLacking.length > 0 || coloursLacking.length > 0
        ? null
        : (plainAmongPacks(reading, search.matches) ?? onlyOneWithValue(reading, search.matches));
    if (decided) {
      product = decided.product;
      base.confidence = Math.round((search.matches[0]?.score ?? 0) * 100) / 100;
      base.lacking = decided.lacking;
    } else if (flavoursLacking.length > 0) {
      product = search.matches[0]!.product;
      base.confidence = Math.round(search.matches[0]!.score * 100) / 100;
      base.lacking = flavoursLacking.join(' ');
    } else if (coloursLacking.length > 0) {
      product = search.matches[0]!.product;
      base.confidence = Math.round(search.matches[0]!.score * 100) / 100;
      base.lacking = coloursLacking.join(' ');
    } else if (plain) {
      product = plain.product;
      base.confidence = Math.round(plain.score * 100) / 100;
    } else if (!inPlay) {
      const quantity = readQuantity(reading);
      // "any protein pancakes?": a kind none of the products that fit is, nor any other.
      const kind = await kindNotSold(
        catalog,
        brandId,
        search.matches.map((match) => match.product),
        reading,
        language,
      );
      if (kind)
        return { ...base, lacking: kind, lacksKind: true, intent, quantity, selection: { kind: 'none' } };
      return {
        ...base,
        intent,
        quantity,
        selection: { kind: 'ambiguous', products: search.matches.map((match) => match.product) },
      };
    }
    if (!product) {
      // The product in play, with what was settled on it ("actually make it navy stripe same size").
      product = fromState;
      fromHistory = true;
      keepSettled(state!);
    }
  }
  if (product && !fromHistory && !base.lacking) {
    const checked = await checkQualifiers(catalog, brandId, reading, product);
    if (checked) {
      product = checked.product;
      base.lacking = checked.lacking;
    }
  }
  if (!product && fromState && state) {
    const named = readNamedOptions(fromState, reading);
    const quantity = readQuantity(reading);
    const flip = /\b(the )?other (one|ones|colou?r|size|flavou?r|scent|shade)?\b|\banother one\b/.test(
      reading,
    )
      ? otherValue(fromState, state.chosen)
      : null;
    if (/\b(the )?other (one|ones)?\b|\banother one\b/.test(reading) && state.alternativeProductId) {
      product = await catalog.getProduct({ brandId, productId: state.alternativeProductId });
      fromHistory = product !== null;
    } else if (flip) {
      // "the other one?" with one option of two settled: the other value of it, the rest kept.
      product = fromState;
      fromHistory = true;
      carried = [
        ...Object.entries(state.chosen)
          .filter(([name]) => name !== flip[0])
          .map(([name, value]): [string, string[]] => [name, [value]]),
        flip,
      ];
      quantityCarried = state.quantity;
    } else if (isFollowUp(reading, intent, Object.keys(named).length > 0, quantity) || packSize !== null) {
      product = fromState;
      fromHistory = true;
      keepSettled(state);
    }
  }
  if (!product) {
    // Nothing in play: an older message of the conversation may still name it (a conversation from before the
    // state was kept).
    const last =
      !state && looksLikeFollowUp(reading) ? await findLastProduct(catalog, brandId, input.history) : null;
    if (last) {
      product = last;
      fromHistory = true;
    }
  }
  if (!product) {
    const quantity = readQuantity(reading);
    return { ...base, intent, quantity, selection: { kind: 'none' } };
  }
  if (fromHistory && intent === 'other') intent = 'availability';

  // A bed size asked of the product in play that it is not made in ("does it come in cal king?").
  if (fromHistory && !base.lacking) base.lacking = missingBedSize(reading, product);

  // 2. Options: what this message names replaces the same option from before.
  const named = readNamedOptions(product, reading);
  // "la rose" of a hand cream in Rose: a word the lexicon read as a colour may be the product's own value, as the
  // store writes it, in the buyer's language.
  let namedInOwnWords = false;
  if (language !== 'en')
    for (const [name, values] of Object.entries(readNamedOptions(product, foldAccents(input.text))))
      if (values.length === 1 && !named[name]?.length) {
        named[name] = values;
        namedInOwnWords = true;
      }
  // "what about the bigger one" after a size was chosen: the next size up from it, not the biggest.
  const step = /\b(bigger|larger|longer|taller|size up|one up)\b/.test(reading)
    ? 1
    : /\b(smaller|shorter|size down|one down)\b/.test(reading)
      ? -1
      : 0;
  if (step !== 0)
    for (const [name, [from]] of carried) {
      const next = from === undefined ? null : nextSize(product, name, from, step);
      if (next) named[name] = [next];
    }
  const lackingOption = Object.entries(named).find(([, values]) => values.length === 0);
  const chosen = new Map<string, string[]>(carried);
  for (const [name, values] of Object.entries(named)) if (values.length > 0) chosen.set(name, values);
  // The search's own narrowing (sizes, colours it read) where this message named nothing for that option.
  const ownMatch = fromHistory ? undefined : search.matches.find((match) => match.product.id === product!.id);
  const searched = ownMatch ? ownMatch.variantIds : product.variants.map((v) => v.id);
  let ids = variantsFor(product, [...chosen.entries()]);
  const both = ids.filter((id) => searched.includes(id));
  // A word this message named that fits several values ("brown" of Tan and Dark Brown, "a medium" of S/M and
  // M/L) leaves the buyer to choose; the search's narrowing would pick one of them by its spelling.
  const fitsSeveral = Object.values(named).some((values) => values.length > 1);
  if (both.length > 0 && !fitsSeveral) ids = both;
  variantIds = ids;

  // 3. Quantity: a number that is one of the product's own sizes is the size, unless said as a count.
  // The numbers the product's options and name carry ("10 in", "32x30", "2-Person", "SPF 50").
  const optionNumbers = new Set(
    [
      ...product.variants.flatMap((variant) => variant.options.map((option) => option.value)),
      product.title,
    ].flatMap((text) => [...text.matchAll(/\d+(?:\.\d+)?/g)].map((match) => String(Number(match[0])))),
  );
  // "the 4 tube pack" of a product sold in Single Tube and 4 Tubes names the option, not a count.
  const optionUnits = new Set(
    product.variants.flatMap((variant) =>
      variant.options.map((option) => unitAmountOf(option.value)?.unit).filter(Boolean),
    ),
  );
  const chosenProduct = product;
  const countable = (
    optionUnits.size > 0
      ? // "2 box of 24" counts boxes of 24: the 2 is not the option's amount.
        reading.replace(
          /(\d+(?:[.,]\d+)?)\s*-?\s*([a-z"]+)(?! of \d)/gi,
          (match, _n: string, unit: string) =>
            optionUnits.has(unitAmountOf(`1 ${unit}`)?.unit) ? ' ' : match,
        )
      : reading
  ).replace(
    // "a dozen" that chose the pack of twelve is that pack, once.
    dozenPattern,
    (match) =>
      optionNamesOf(chosenProduct).some((name) => packOfDozen(valuesOf(chosenProduct, name), match))
        ? ' '
        : match,
  );
  const quantity =
    // "a pair of the bath mats" is two; "a pair of" boots, socks or a product sold as a pair is one.
    /\b(a|one) pair of\b/.test(countable) &&
    !findQuantities(countable).some((mention) => mention.value > 1) &&
    !pairedThings.test(normaliseText(`${product.title} ${product.productType} ${product.tags.join(' ')}`))
      ? 2
      : (readQuantity(countable, optionNumbers) ?? quantityCarried);

  // 4. What the catalog lacks: an option value no variant has, or a pack size the product is not sold in.
  const colourLacking =
    base.lacking || lackingOption || namedInOwnWords ? [] : colourNotInTitle(product, reading);
  if (base.lacking) {
    // Already read from a measure or attribute the product lacks.
  } else if (lackingOption) {
    const { words } = readColourFamilies(
      withoutTurnedDown(reading),
      new Set(normaliseText(product.title).split(/[^a-z]+/)),
    );
    const values = valuesOf(product, lackingOption[0]);
    const measureUnits = new Set(values.map((value) => unitAmountOf(value)?.unit).filter(Boolean));
    const amount = readUnitAmounts(reading).find((asked) => measureUnits.has(asked.unit));
    base.lacking =
      flavoursNotCarried(reading, values, product.title).join(' ') ||
      words.join(' ') ||
      (valueNotCarried(reading, values) ?? '') ||
      (amount ? `${amount.number} ${amount.unit}` : '') ||
      // "size 13" of boots sold in 7 to 12: the size as asked.
      (/^size$/i.test(lackingOption[0]) ? (/\bsize \d{1,2}(?:\.5)?\b/.exec(reading)?.[0] ?? '') : '') ||
      lackingOption[0].toLowerCase();
  } else if (colourLacking.length > 0) {
    base.lacking = colourLacking.join(' ');
  } else if (
    /\b(single|individual|just one|one)\b/.test(reading) &&
    /\b\d+\s*-?\s*(pack|pk)\b|\b(set|box|pack) of \d+\b/i.test(product.title) &&
    !product.variants.some((variant) =>
      variant.options.some((option) => /\bsingle\b|^1\b/i.test(option.value)),
    ) &&
    /\b(single|individual|just one|one)\s+(pair|piece|unit|one|bar|can|tube|bottle|mug|candle|sock|item)\b/.test(
      reading,
    )
  ) {
    // One on its own of what is sold only in packs ("just a single pair" of a 3-pack).
    base.lacking = 'a single one';
  } else if (packSize !== null && packSize > 1) {
    const sold =
      product.variants.some((variant) =>
        variant.options.some((option) => new RegExp(`\\b${packSize}\\b`).test(option.value)),
      ) ||
      new RegExp(
        `\\b${packSize}\\s*-?\\s*(pack|pk|count|x)\\b|\\b(pack|box|case|set|bundle) of ${packSize}\\b`,
        'i',
      ).test(product.title);
    if (!sold) base.lacking = `${packSize}-pack`;
  } else {
    const sizeAsked = search.requestedOptions.find((option) => option.name === 'size');
    const sizeOption = optionNamesOf(product).find((name) => /size|taille|talla|gr/i.test(name));
    if (
      sizeAsked &&
      sizeOption &&
      !fromHistory &&
      !named[sizeOption] &&
      valuesOf(product, sizeOption).length > 1 &&
      // "45L" of the Trail 45L backpack is its name, not a size asked.
      !normaliseText(product.title).replace(/\s+/g, '').includes(sizeAsked.value.toLowerCase()) &&
      // "medium" of a pillow sold in Soft / Medium / Firm: the firmness the buyer named, not a size.
      !Object.entries(named).some(
        ([name, values]) =>
          name !== sizeOption &&
          values.some((value) => letterSizeOf(value) === sizeAsked.value.toLowerCase()),
      ) &&
      !valuesOf(product, sizeOption).some((value) =>
        normaliseText(value).replace(/\s+/g, '').split('/').includes(sizeAsked.value.toLowerCase()),
      )
    )
      base.lacking = `size ${sizeAsked.value.toUpperCase()}`;
  }

  // A word the buyer gave that nothing of the product carries ("vegan" whey, "keto" supplements): we do not sell
  // that. The closest is a product carrying the word, else this one.
  if (!base.lacking && !fromHistory && (base.confidence ?? 1) < 0.8) {
    // In another language, a word of the DM the lexicon read into English and the product does not carry
    // ("costumi interi": one-piece swimsuits); words it did not read may be names, so they are left alone.
    const understood = lexiconReadings(language);
    const unknown =
      language === 'en'
        ? unknownModifiers(reading, product)
        : unknownWords(reading, product).filter((word) => understood.has(word));
    // A kind the product is not, that no product of the catalog is either ("swim goggles"): not sold, and
    // this product is no alternative to it.
    const kind =
      unknown.length === 0 ? await kindNotSold(catalog, brandId, [product], reading, language) : null;
    if (kind) {
      const quantity = readQuantity(reading);
      return { ...base, lacking: kind, lacksKind: true, intent, quantity, selection: { kind: 'none' } };
    }
    if (unknown.length > 0) {
      base.lacking = unknown.join(' ');
      const other = await catalog.findProducts({
        brandId,
        text: `${unknown.join(' ')} ${product.productType}`,
        limit: 3,
      });
      const carrying = other.matches.find(
        (match) =>
          match.product.id !== product!.id && unknownWords(unknown.join(' '), match.product).length === 0,
      );
      if (carrying) {
        product = carrying.product;
        variantIds = carrying.variantIds;
      }
    }
  }
  return {
    ...base,
    intent,
    quantity,
    selection: {
      kind: 'product',
      product,
      variantIds,
      requestedOptions: search.requestedOptions,
      fromHistory,
    },
  };
}

/** Words of chat that never name a product or an attribute of one. */
const chatWords = new Set(
  `a an the and or but of for to in on at by with from into out up is are am was were be been being do does did
  have has had having i im i'm me my mine you your youre u ur ya we our us it its it's this that these those there
  here what which who whom how much many any some one ones get got can could would should will want wanna need
  needed looking look like love please pls plz plss thanks thank thx ty hi hey hello hiya heya babe hun omg lol haha
  yes yeah yep no nope not still left available availability stock instock sell selling sold buy buying order
  ordering price prices cost costs size sizes sz color colors colour colours also just really so very too item items
  thing things product products anything something again back more less other another same new if when where why
  tho though tbh btw asap today tomorrow now ok okay cool nice cute gorgeous amazing perfect check checking know let
  lemme gimme give send link dm restock restocked only available carry stocked stock have got gonna gotta maybe
  please wondering wonder wanted interested hoping hope possible possibly actually think thinking guess sure
  about around just quick question questions help anyone someone there them they their then than also still else
  pair pairs pack packs set sets piece pieces unit units bottle bottles box boxes bag bags version kind type style
  style styles model models colorway shade shades flavor flavors flavour flavours scent scents option options
  variant variants big bigger biggest small smaller smallest large larger largest medium mini little extra size
  dark light pale deep bright gift present birthday christmas mom mum dad sister brother friend wife husband
  girlfriend boyfriend daughter son kids kid please ship shipping deliver delivery today week weekend soon fast
  cheap cheaper cheapest expensive good great best better favourite favorite usual regular normal standard plain
  classic original both each every all few couple dozen half two three four five six seven eight nine ten twelve
  first second third last next previous still yet already ever never always often sometimes how's what's where's
  whats wheres hows dont don't doesnt doesn't cant can't wont won't isnt isn't arent aren't didnt didn't
  lemme wanna gonna gotta kinda sorta tryna yall y'all guys girl girls bro sis fam mate damn ugh hmm omg wow
  smell smells smelling smelled heaven obsessed literally honestly
  weeks week days months tub tubs pound pounds inch inches kilo kilos gram grams litre liter ounce ounces pack
  packs pakc case cases jar jars matching match similar same sth come comes came coming thirteen fourteen
  fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety`.split(
    /\s+/,
  ),
);

/**
 * The buyer's words that qualify a word of the product ("vegan whey", "keto supplements", "one-piece swimsuit")
 * and that nothing of the product carries: an attribute the product lacks.
 */
export function unknownModifiers(reading: string, product: CatalogProduct): string[] {
  const words = normaliseText(reading)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
  const unknown = new Set(unknownWords(reading, product));
  // The word after must be one the product has (four letters or more: "szn" or "u" carry nothing).
  const carried = (word: string) =>
    word.length >= 4 &&
    !unknown.has(word) &&
    unknownWords(word, product).length === 0 &&
    !chatWords.has(word);
  // What follows "for" says whom or what it is for ("for sensitive skin", "for my mum's flat"), not what it is.
  const purpose = words.indexOf('for');
  return words.filter(
    (word, index) =>
      unknown.has(word) &&
      index + 1 < words.length &&
      carried(words[index + 1]!) &&
      (purpose < 0 || index < purpose),
  );
}

/** The DM's words in order, with "|" where a phrase ends (punctuation, emoji). */
function phraseTokens(reading: string): string[] {
  return normaliseText(reading)
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' | ')
    .split(/\s+/)
    .map((word) => (word === '|' ? word : word.replace(/^['-]+|['-]+$/g, '')))
    .filter(Boolean);
}

/** A word that may name a product or a kind of one: letters, three or more, not chat, a colour or a size. */
const isContentWord = (word: string) =>
  /^\p{L}[\p{L}'-]{2,}$/u.test(word) &&
  !chatWords.has(word) &&
  !/^(x{0,3}[sml]|xx?l)$/.test(word) &&
  readColourFamilies(word).families.length === 0;

/** Words after which the buyer's noun phrase has ended. */
const phraseEnd =
  /^(\||for|to|in|on|at|with|from|by|about|that|which|like|as|so|because|cause|cuz|if|when|but|and|or|pls|please|plz|thanks|lol|rn|tho|haha)$/;

/**
 * Kind words the product is not: a word nothing of the product carries, right after a word it does carry, that
 * ends the buyer's phrase ("swim goggles" of the swim shorts). English puts the kind last in a noun phrase.
 */
export function unknownHeads(
  reading: string,
  product: CatalogProduct,
): { kind: string; qualifier: string }[] {
  const tokens = phraseTokens(reading);
  const unknown = new Set(unknownWords(reading, product));
  const carried = (word: string) =>
    word.length >= 4 && isContentWord(word) && !unknown.has(word) && unknownWords(word, product).length === 0;
  return tokens.flatMap((word, index) => {
    if (!unknown.has(word) || index === 0 || !carried(tokens[index - 1]!)) return [];
    const after = tokens[index + 1];
    return after === undefined || phraseEnd.test(after) || chatWords.has(after)
      ? [{ kind: word, qualifier: tokens[index - 1]! }]
      : [];
  });
}

/**
 * A kind word of the buyer that no product of the catalog is with the word before it: the catalog finds nothing
 * for the kind alone ("goggles"), or nothing it finds carries the qualifier ("mats" finds a sleeping mat, which
 * is no yoga mat). A synonym the catalog knows ("leather trainers" finds the leather sneakers) is sold.
 */
async function kindNotSold(
  catalog: CatalogService,
  brandId: string,
  products: CatalogProduct[],
  reading: string,
  language: Language,
): Promise<string | null> {
  // In another language, only a kind the lexicon read as an English phrase ("tapis de yoga" -> "yoga mat"): the
  // words it left as written may be names, and their order is not English.
  const understood = language === 'en' ? null : lexiconReadings(language);
  const unknownToAll = new Set(
    products
      .map((product) => unknownWords(reading, product))
      .reduce((a, b) => a.filter((w) => b.includes(w))),
  );
  const heads = products
    .flatMap((product) => unknownHeads(reading, product))
    .filter(
      (head) =>
        unknownToAll.has(head.kind) &&
        (!understood || (understood.has(head.kind) && understood.has(head.qualifier))),
    );
  for (const { kind, qualifier } of heads) {
    const found = await catalog.findProducts({ brandId, text: kind, limit: 5 });
    if (!found.matches.some((match) => unknownWords(qualifier, match.product).length === 0)) return kind;
  }
  return null;
}

/**
 * The things a buyer weighs with "or": "kayaks or just the paddle" (`only`: the second is what they know we
 * sell), "kettlebells or dumbbells". Each side is the content words next to "or", at most three.
 */
export function readAlternatives(
  reading: string,
): { asked: string[]; other: string[]; only: boolean } | null {
  const tokens = phraseTokens(reading);
  const at = tokens.indexOf('or');
  if (at < 1) return null;
  const asked: string[] = [];
  for (let index = at - 1; index >= 0 && asked.length < 3 && isContentWord(tokens[index]!); index -= 1)
    asked.unshift(tokens[index]!);
  let next = at + 1;
  const only = /^(just|only)$/.test(tokens[next] ?? '');
  if (only) next += 1;
  while (/^(the|a|an|your|some|those|these)$/.test(tokens[next] ?? '')) next += 1;
  const other: string[] = [];
  for (; next < tokens.length && other.length < 3 && isContentWord(tokens[next]!); next += 1)
    other.push(tokens[next]!);
  return asked.length > 0 && other.length > 0 ? { asked, other, only } : null;
}

const orSimilar =
  /\b(?:or|if not|otherwise)\s+(?:(?:something|sth|smth|anything|some ?thing|one)\s+(?:like (?:it|that|this|them|those|these)|similar|close|alike)|(?:a |any |some )?dupes?|similar|(?:an? |any )?alternatives?|the closest)\b/;

/** What the buyer asks for before "or something like it" ("nike tech fleece"), or null when they did not. */
export function askedOrSimilar(reading: string): string | null {
  const at = reading.search(orSimilar);
  return at > 0 ? reading.slice(0, at) : null;
}

/** Two products that are one thing, packed otherwise ("Protein Bar" and "Protein Bar Box of 12"). */
function isSibling(a: CatalogProduct, b: CatalogProduct): boolean {
  return a.id !== b.id && packRoot(a.title) === packRoot(b.title);
}

const dozenPattern = /\b(half a|a|one) dozen\b/g;

/** The one pack value of twelve (or six, for "half a dozen") when the buyer asks for a dozen, else null. */
function packOfDozen(values: string[], text: string): string | null {
  const said = [...normaliseText(text).matchAll(dozenPattern)][0];
  if (!said) return null;
  const wanted = said[1] === 'half a' ? 6 : 12;
  const packs = values.filter((value) => {
    const measure = unitAmountOf(value);
    return measure?.number === wanted && ['box', 'pack', 'count', 'case'].includes(measure.unit);
  });
  return packs.length === 1 ? packs[0]! : null;
}

/**
 * "half a dozen" of Single / Box of 12, where no pack holds that many: the single one, counted (the count is read
 * as a quantity, since no pack took it).
 */
function singleForDozen(values: string[], text: string): string | null {
  if (!normaliseText(text).match(dozenPattern)) return null;
  const singles = values.filter((value) => /^(?:single|one|1)\b/.test(normaliseText(value).trim()));
  const packs = values.filter((value) => unitAmountOf(value));
  return singles.length === 1 && packs.length === values.length - 1 ? singles[0]! : null;
}

/** A value that is a letter size's word ("Medium" -> "m"), else the value as read. */
function letterSizeOf(value: string): string {
  const word = normaliseText(value).trim();
  return ({ small: 's', medium: 'm', large: 'l' } as Record<string, string>)[word] ?? word;
}

/** Whether the product's title, vendor or tags carry the name ("Hydro Flask" as its vendor). */
function carriesName(product: CatalogProduct, name: string): boolean {
  const squashed = (text: string) => normaliseText(text).replace(/[^\p{L}\p{N}]+/gu, '');
  return squashed([product.title, product.vendor, ...product.tags].join(' ')).includes(squashed(name));
}

/** The kind a product is: the last word of its title without a pack ("Kayak Paddle" is a paddle), its type. */
function isKindOf(word: string, product: CatalogProduct): boolean {
  const stem = (text: string) => text.replace(/(es|s)$/, '');
  const titleWords = normaliseText(product.title.replace(packWords, ' '))
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  const kinds = [titleWords.at(-1) ?? '', ...normaliseText(product.productType).split(/[^\p{L}]+/u)]
    .filter((kind) => kind.length >= 3)
    .map(stem);
  const asked = stem(word);
  return kinds.some((kind) => kind === asked || (asked.length >= 4 && kind.startsWith(asked)));
}

/** The buyer's content words that nothing of the product carries (title, type, tags, vendor, options). */
export function unknownWords(reading: string, product: CatalogProduct): string[] {
  const productWords = new Set(
    normaliseText(
      [
        product.title,
        product.productType,
        product.vendor,
        ...product.tags,
        ...product.variants.flatMap((variant) =>
          variant.options.map((option) => `${option.name} ${option.value}`),
        ),
      ].join(' '),
    )
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 2),
  );
  // A pattern a store names one way and buyers another ("plaid" of a Red Tartan scarf).
  for (const word of [...productWords])
    for (const [said, meant] of Object.entries(patternSynonyms))
      if (meant.includes(word)) productWords.add(said);
  const known = isKnownAmong(productWords);
  return normaliseText(reading)
    .split(/[^\p{L}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter(
      (word) =>
        word.length >= 4 &&
        !chatWords.has(word) &&
        !readColourFamilies(word).families.length &&
        !/^(x{0,3}[sml]|xx?l|\d.*)$/.test(word) &&
        !known(word),
    );
}

/** Pattern words buyers use for the ones stores write ("plaid" for Tartan or Check, "striped" for Stripe). */
const patternSynonyms: Record<string, string[]> = {
  plaid: ['tartan', 'check'],
  tartan: ['plaid', 'check'],
  checked: ['check', 'plaid', 'tartan'],
  checkered: ['check', 'plaid', 'tartan'],
  gingham: ['check'],
  striped: ['stripe', 'stripes'],
  stripy: ['stripe', 'stripes'],
  stripey: ['stripe', 'stripes'],
};

/** Whether a word is one of the words or a form of one: its plural, a stem of four letters, a typo. */
const isKnownAmong = (words: Set<string>) => (word: string) => {
  const stem = word.replace(/(es|s)$/, '');
  for (const other of words) {
    const otherStem = other.replace(/(es|s)$/, '');
    if (other === word || otherStem === stem) return true;
    if (stem.length >= 4 && (other.startsWith(stem) || word.startsWith(otherStem)) && otherStem.length >= 4)
      return true;
    const allowed = word.length >= 7 ? 2 : 1;
    if (Math.abs(other.length - word.length) <= allowed && editDistance(other, word) <= allowed) return true;
    // The same word in another language's spelling ("hyaluronique", "proteina"): all but its last letter shared.
    let shared = 0;
    while (shared < word.length && word[shared] === other[shared]) shared += 1;
    if (shared >= 6 && Math.min(word.length, other.length) - shared <= 1) return true;
  }
  return false;
};

/** An older conversation without kept state: the cue words of a follow-up. */
function looksLikeFollowUp(reading: string): boolean {
  return followUpCue.test(reading) || /\b(size|colou?r|small|medium|large|xl|xs)\b/i.test(reading);
}

/** The most recent product the buyer named in the conversation (newest first). */
async function findLastProduct(
  catalog: CatalogService,
  brandId: string,
  history: HistoryTurn[],
): Promise<CatalogProduct | null> {
  const recent = history
    .filter((turn) => turn.sender === 'customer')
    .slice(-6)
    .reverse();
  for (const turn of recent) {
    const found = await catalog.findProducts({ brandId, text: turn.content, limit: 3 });
    if (found.outcome === 'match' && found.matches[0]) return found.matches[0].product;
  }
  return null;
}

export { CONFIDENT_MATCH };

const describeMeasure = (measure: Measure) =>
  measure.unit === 'spf'
    ? `SPF ${measure.value}`
    : measure.unit === 'c'
      ? `${measure.value} °C`
      : `${measure.value}-${measure.unit}`;

/** How many words of the product's title (three letters or more, not numbers) the buyer did not write. */
export function unsaidTitleWords(reading: string, product: CatalogProduct): number {
  const said = isKnownAmong(
    new Set(
      normaliseText(reading)
        .split(/[^\p{L}]+/u)
        .filter(Boolean),
    ),
  );
  return normaliseText(product.title)
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 3 && !said(word)).length;
}

/** The buyer's content words the product does not carry, leaving out the qualifiers themselves. */
const unknownBesides = (reading: string, product: CatalogProduct, qualifiers: string[]) =>
  unknownWords(reading, product).filter(
    (word) => !qualifiers.some((qualifier) => qualifier.split(/[\s-]+/).includes(word)),
  );

/** A product type that says what the product is ("Protein" of "Plant Protein Blend"), not an aisle ("Eyes"). */
const typeNamesKind = (product: CatalogProduct) => {
  const title = normaliseText(product.title)
    .split(/[^\p{L}]+/u)
    .map((word) => word.replace(/(es|s)$/, ''));
  return normaliseText(product.productType)
    .split(/[^\p{L}]+/u)
    .some((word) => word.length >= 3 && title.includes(word.replace(/(es|s)$/, '')));
};

/**
 * Of the products carrying an attribute, the one of the same kind as the product asked about: the same type when
 * the type names a kind (a vegan protein for a whey), else one that also carries the buyer's other words (a
 * waterproof eyeliner is no waterproof mascara).
 */
async function sameKindCarrying(
  catalog: CatalogService,
  brandId: string,
  product: CatalogProduct,
  attribute: string,
  reading: string,
): Promise<CatalogProduct | null> {
  const found = await catalog.findProducts({
    brandId,
    text: `${attribute} ${product.productType}`,
    limit: 5,
  });
  return (
    found.matches.find(
      (match) =>
        match.product.id !== product.id &&
        match.product.productType === product.productType &&
        carriesAttribute(match.product, attribute) &&
        (typeNamesKind(match.product) || unknownBesides(reading, match.product, [attribute]).length === 0),
    )?.product ?? null
  );
}

/**
 * Several products fit the words; a measure or attribute the buyer gave decides. One product carrying it (and every
 * other word of the buyer) is the one. None carrying it: we do not sell that, and the closest is the one that
 * carries the buyer's other words with the nearest measure, or one of the same kind that has the attribute.
 */
async function decideByQualifiers(
  catalog: CatalogService,
  brandId: string,
  reading: string,
  matches: FindProductsResult['matches'],
): Promise<{ product: CatalogProduct; lacking: string | null } | null> {
  const products = matches.map((match) => match.product);
  const measures = readMeasures(reading).filter((measure) =>
    products.some((product) => hasUnit(product, measure.unit)),
  );
  const attributes = readAttributes(reading);
  if (measures.length === 0 && attributes.length === 0) return null;
  const qualifiers = [...measures.map(describeMeasure), ...attributes, ...measures.map((m) => m.unit)];
  const fits = (product: CatalogProduct) =>
    measures.every((measure) => carriesMeasure(product, measure)) &&
    attributes.every((attribute) => carriesAttribute(product, attribute));
  const carrying = products.filter(
    (product) => fits(product) && unknownBesides(reading, product, qualifiers).length === 0,
  );
  if (carrying.length === 1) return { product: carrying[0]!, lacking: null };
  if (carrying.length > 1) return null;
  const ranked = products
    .map((product, index) => ({
      product,
      index,
      unknown: unknownBesides(reading, product, qualifiers).length,
      distance: measures.length > 0 ? distanceTo(product, measures[0]!) : 0,
      // Then the plainest: "protein bars" is the Protein Bar box before the Vegan Protein Bar box.
      unsaid: unsaidTitleWords(reading, product),
    }))
    .sort(
      (a, b) => a.unknown - b.unknown || a.distance - b.distance || a.unsaid - b.unsaid || a.index - b.index,
    );
  const closest = ranked[0]!.product;
  // The product that best carries the buyer's other words has what they asked: it is the one.
  if (fits(closest)) return { product: closest, lacking: null };
  if (measures.length > 0) return { product: closest, lacking: describeMeasure(measures[0]!) };
  const attribute = attributes[0]!;
  return {
    product: (await sameKindCarrying(catalog, brandId, closest, attribute, reading)) ?? closest,
    lacking: attribute,
  };
}

/**
 * The product the buyer named, checked against what they asked it to be: a letter size its sizes lack ("XXXL"),
 * a measure it comes in otherwise ("SPF 100" of an SPF 50; another product may carry it: "the 22L backpack"), an
 * attribute it lacks ("vegan" whey: the closest is one of the same kind that is).
 */
async function checkQualifiers(
  catalog: CatalogService,
  brandId: string,
  reading: string,
  product: CatalogProduct,
): Promise<{ product: CatalogProduct; lacking: string | null } | null> {
  const bedSize = missingBedSize(reading, product);
  if (bedSize) return { product, lacking: bedSize };
  const sizeOption = optionNamesOf(product).find((name) => /^(size|taille|talla|gr(o|ö)sse)$/i.test(name));
  if (sizeOption) {
    const values = valuesOf(product, sizeOption).map((value) => normaliseText(value).replace(/\s+/g, ''));
    const letters = values.some((value) => /^(x*[sml]|\dx[sl])$/.test(value));
    const missing = readLetterSizes(reading).find((size) => !values.includes(size));
    if (letters && missing) return { product, lacking: `size ${missing.toUpperCase()}` };
  }
  for (const measure of readMeasures(reading)) {
    if (!hasUnit(product, measure.unit) || carriesMeasure(product, measure)) continue;
    const others = await catalog.findProducts({ brandId, text: expandShorthand(reading), limit: 10 });
    const other = others.matches.find(
      (match) =>
        match.product.id !== product.id &&
        carriesMeasure(match.product, measure) &&
        match.product.productType === product.productType,
    );
    return other ? { product: other.product, lacking: null } : { product, lacking: describeMeasure(measure) };
  }
  const ownValues = product.variants.flatMap((variant) => variant.options.map((option) => option.value));
  for (const attribute of readAttributes(reading)) {
    // "fragrance free" of a lotion sold Unscented: an option value says it in other words.
    if (carriesAttribute(product, attribute) || valuesByFlavourFamily(attribute, ownValues).length > 0)
      continue;
    return {
      product: (await sameKindCarrying(catalog, brandId, product, attribute, reading)) ?? product,
      lacking: attribute,
    };
  }
  return null;
}

/**
 * The option of the product in play that has exactly two values left once the other settled options are kept,
 * with the value not yet chosen ("brown doesn't go… the other one?" -> Black).
 */
function otherValue(product: CatalogProduct, chosen: Record<string, string>): [string, string[]] | null {
  for (const [name, value] of Object.entries(chosen).reverse()) {
    const fitting = product.variants.filter((variant) =>
      Object.entries(chosen).every(
        ([otherName, otherValue]) => otherName === name || optionValue(variant, otherName) === otherValue,
      ),
    );
    const values = [...new Set(fitting.map((variant) => optionValue(variant, name)))].filter(
      (item): item is string => item !== undefined,
    );
    if (values.length === 2 && values.includes(value)) return [name, values.filter((item) => item !== value)];
  }
  return null;
}

/** The content words of a product's title that another product's title does not have. */
const ownWords = (product: CatalogProduct, other: CatalogProduct) => {
  const others = new Set(normaliseText(other.title).split(/[^\p{L}]+/u));
  return normaliseText(product.title)
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 4 && !others.has(word) && !chatWords.has(word));
};

/**
 * The DM names a word that only the new product's title has ("and the conditioner same size" after the
 * shampoo): naming a new product moves to it, however short the DM.
 */
export function namesAnotherProduct(
  reading: string,
  candidate: CatalogProduct,
  inPlay: CatalogProduct,
): boolean {
  // An option of the product in play is not another product's name ("sage pls" is the Dutch oven's colour,
  // whatever the Sea Salt & Sage candle is called).
  const inPlayOptions = new Set(
    inPlay.variants.flatMap((variant) =>
      variant.options.flatMap((option) => normaliseText(option.value).split(/[^\p{L}]+/u)),
    ),
  );
  const said = new Set(
    normaliseText(reading)
      .replace(everyCountedPack, ' ')
      .split(/[^\p{L}]+/u)
      .flatMap((word) => [word, word.replace(/(es|s)$/, '')]),
  );
  return ownWords(candidate, inPlay).some(
    (word) =>
      !inPlayOptions.has(word) &&
      // "the green one" is a colour of the product in play, whatever "Daily Greens" is called.
      readColourFamilies(word.replace(/(es|s)$/, '')).families.length === 0 &&
      (said.has(word) || said.has(word.replace(/(es|s)$/, ''))),
  );
}

const packWords = /\b(set|box|pack|case|bundle) of \d+\b|\b\d+\s*-?\s*(pack|pk)\b|\bpair\b/gi;

/** A title without its pack words: what products sold alone and in packs have in common. */
const packRoot = (title: string) => normaliseText(title.replace(packWords, ' ')).replace(/\s+/g, ' ').trim();

/**
 * "snickerdoodle protein cookies": of the products that fit the words about equally, the one that has a value the
 * buyer wrote out in full (its Snickerdoodle flavour) and whose title holds the buyer's kind word; none when
 * several do.
 */
function onlyOneWithValue(
  reading: string,
  matches: FindProductsResult['matches'],
): FindProductsResult['matches'][number] | null {
  const withValue = matches.filter((match) => {
    const all = match.product.variants.map((variant) => variant.id);
    return (
      narrowByNamedOptions(match.product, all, reading).length < all.length &&
      unsaidTitleWords(reading, match.product) === 0
    );
  });
  return withValue.length === 1 ? withValue[0]! : null;
}

/**
 * Of products that differ only by being sold as a set or pack ("Speckled Stoneware Mug" and "… Mug Set of 4"),
 * the one on its own when the buyer said nothing of a set, pack or box ("3 speckled mugs in oatmeal").
 */
function plainAmongPacks(
  reading: string,
  matches: FindProductsResult['matches'],
): FindProductsResult['matches'][number] | null {
  if (/\b(set|sets|box|boxes|pack|packs|case|bundle|pair|pairs)\b/.test(normaliseText(reading))) return null;
  const plain = matches.filter((match) => !new RegExp(packWords.source, 'i').test(match.product.title));
  if (plain.length !== 1) return null;
  const root = packRoot(plain[0]!.product.title);
  const others = matches.filter((match) => match !== plain[0]);
  return others.length > 0 && others.every((match) => packRoot(match.product.title) === root)
    ? plain[0]!
    : null;
}
