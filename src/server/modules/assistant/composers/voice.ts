import type { BrandArchetype, BrandTone } from '#contracts/dashboard.ts';
import type { Personality } from '../types.ts';

/**
 * How each of the six tones sounds (register, length, emoji, exclamation) and how each of the
 * twelve archetypes flavours a reply. Templates never carry a number or link of their own: those come from the
 * facts through the {placeholders}.
 */
export interface ToneProfile {
  /** Adds the archetype's flavour line and a sign-off when true (the longer registers). */
  isChatty: boolean;
  emoji: readonly string[];
  openings: readonly string[];
  inStock: readonly string[];
  lowStock: readonly string[];
  linkLine: readonly string[];
  soldOut: readonly string[];
  alternative: readonly string[];
  noAlternative: readonly string[];
  price: readonly string[];
  askVariant: readonly string[];
  askProduct: readonly string[];
  notSold: readonly string[];
  handOff: readonly string[];
  greeting: readonly string[];
  thanks: readonly string[];
  shipping: readonly string[];
  other: readonly string[];
  productLink: readonly string[];
  productLinkNoProduct: readonly string[];
  disclosure: string;
}

export const toneProfiles: Record<BrandTone, ToneProfile> = {
  professional: {
    isChatty: false,
    emoji: [],
    openings: [
      'Hello,',
      'Good day,',
      'Thank you for your message.',
      'Hello, and thank you for reaching out.',
    ],
    inStock: ['The {product} in {variant} is in stock.', 'The {product} ({variant}) is available.'],
    lowStock: [
      'The {product} in {variant} is in stock, with {quantity} left.',
      'The {product} ({variant}) is available: {quantity} remaining.',
    ],
    linkLine: ['You can complete your order here: {link}', 'Checkout link: {link}'],
    soldOut: [
      'The {product} in {variant} is currently sold out.',
      'Unfortunately, the {product} ({variant}) is out of stock at the moment.',
    ],
    alternative: [
      'The {altProduct} in {altVariant} is available instead: {link}',
      'As an alternative, the {altProduct} ({altVariant}) is in stock: {link}',
    ],
    noAlternative: [
      'There is no similar item in stock right now.',
      'We have no comparable item in stock at present.',
    ],
    price: ['The {product} ({variant}) is {price}.', 'The price of the {product} in {variant} is {price}.'],
    askVariant: [
      'Which {option} would you like: {choices}?',
      'Could you tell me which {option} you need: {choices}?',
    ],
    askProduct: [
      'Which item do you mean: {choices}?',
      'Could you confirm which product you mean: {choices}?',
    ],
    notSold: ['We do not carry that item.', 'That item is not part of our range.'],
    handOff: [
      'I have passed your message to a member of our team, who will reply here.',
      'A member of our team will take over this conversation and reply here.',
    ],
    greeting: ['How can I help you today?', 'What can I help you with?'],
    thanks: ['You are welcome.', 'My pleasure.'],
    shipping: [
      'Shipping options and our returns policy are shown at checkout; a member of our team can answer anything specific.',
    ],
    other: ['I can check availability, sizes and prices for you. Which product are you interested in?'],
    productLink: ['Thank you for your comment. Here is the {product}: {link}'],
    productLinkNoProduct: [
      'Thank you for your comment. Which product caught your eye? I can check availability for you.',
    ],
    disclosure: 'This is an automated reply from {brand}.',
  },
  friendly: {
    isChatty: true,
    emoji: ['😊', '🙌', '👋'],
    openings: ['Hi there!', 'Hey!', 'Hi!', 'Hey there!', 'Hello!'],
    inStock: [
      'Good news: the {product} in {variant} is in stock!',
      'Yes, we have the {product} in {variant}!',
    ],
    lowStock: [
      'Good news: the {product} in {variant} is in stock, only {quantity} left!',
      'Yes! The {product} in {variant} is in stock ({quantity} left).',
    ],
    linkLine: ['Grab it here: {link}', 'Here is your checkout link: {link}'],
    soldOut: [
      'The {product} in {variant} is sold out right now, sorry!',
      'Ah, the {product} in {variant} just sold out.',
    ],
    alternative: [
      'The {altProduct} in {altVariant} is in stock though: {link}',
      'But the {altProduct} in {altVariant} is available: {link}',
    ],
    noAlternative: [
      "I don't have anything similar in stock right now, sorry.",
      'Nothing similar is in stock at the moment, sorry.',
    ],
    price: ['The {product} in {variant} is {price}.', 'The {product} ({variant}) costs {price}.'],
    askVariant: ['Which {option} would you like: {choices}?', 'Sure! Which {option}: {choices}?'],
    askProduct: ['Which one do you mean: {choices}?', 'Happy to check! Do you mean {choices}?'],
    notSold: ["Sorry, we don't carry that one.", "Hmm, that's not something we sell, sorry!"],
    handOff: [
      "I'm getting a person from our team for you; they'll reply right here.",
      'Got it, a real person from the team will pick this up here soon.',
    ],
    greeting: ['What can I help you find today?', 'How can I help?'],
    thanks: ['You are so welcome!', 'Anytime!'],
    shipping: [
      'Shipping options and returns are shown at checkout, and our team is happy to help with anything specific.',
    ],
    other: ['I can check stock, sizes and prices for you. Which product are you looking at?'],
    productLink: ['Thanks for the love! Here is the {product}: {link}'],
    productLinkNoProduct: ['Thanks for the love! Which piece caught your eye? I can check stock for you.'],
    disclosure: "Quick heads-up: I'm {brand}'s automated assistant.",
  },
  enthusiastic: {
    isChatty: true,
    emoji: ['✨', '🔥', '🎉', '💥'],
    openings: ['Hey hey!', 'Omg hi!', 'Yay, hi!', 'Hiii!', 'Hey there, superstar!'],
    inStock: [
      'Great news, the {product} in {variant} is IN STOCK!',
      'YES! The {product} in {variant} is ready for you!',
    ],
    lowStock: [
      'Great news, the {product} in {variant} is in stock, but only {quantity} left!',
      'YES! The {product} in {variant} is here, just {quantity} left!',
    ],
    linkLine: ['Snag it here: {link}', 'Go go go: {link}'],
    soldOut: [
      'Oh no, the {product} in {variant} is sold out right now!',
      'Argh, the {product} in {variant} flew off the shelves!',
    ],
    alternative: [
      'But the {altProduct} in {altVariant} is in stock and just as good: {link}',
      'Good news though: the {altProduct} in {altVariant} is available! {link}',
    ],
    noAlternative: ['Nothing similar is in stock right now, but keep an eye out!'],
    price: ['The {product} in {variant} is just {price}!', 'The {product} ({variant}) is {price}!'],
    askVariant: ['Love it! Which {option}: {choices}?', 'Ooh, which {option} are you after: {choices}?'],
    askProduct: ['So many goodies! Which one: {choices}?', 'Which one are you eyeing: {choices}?'],
    notSold: ["Aw, we don't sell that one!", "Oh no, that one's not in our shop!"],
    handOff: [
      'On it! A real person from our team is jumping in right here!',
      'Gotcha! Someone from the team will reply here super soon!',
    ],
    greeting: ['What are we shopping for today?', 'What can I find for you?'],
    thanks: ['Yay, anytime!', 'You are the best!'],
    shipping: [
      'Shipping options and returns are all shown at checkout, and the team can help with anything else!',
    ],
    other: ['I can check stock, sizes and prices for you! Which product has your heart?'],
    productLink: ['Thanks for the fire! Here is the {product}: {link}'],
    productLinkNoProduct: ['Thanks for the fire! Which piece caught your eye? I can check stock for you!'],
    disclosure: "Heads-up: I'm {brand}'s automated assistant!",
  },
  empathetic: {
    isChatty: true,
    emoji: ['💛'],
    openings: [
      'Hi, thanks for reaching out.',
      'Hello, I am glad you wrote.',
      'Hi there, thank you for your message.',
      'Hi, I hope your day is going well.',
    ],
    inStock: [
      'The {product} in {variant} is in stock.',
      'You are in luck: the {product} in {variant} is available.',
    ],
    lowStock: [
      'The {product} in {variant} is in stock, with {quantity} left.',
      'The {product} in {variant} is available, and there are {quantity} left.',
    ],
    linkLine: [
      'Whenever you are ready, here is your checkout link: {link}',
      'Here is a link to check out when it suits you: {link}',
    ],
    soldOut: [
      'I am sorry, the {product} in {variant} is sold out right now.',
      'I know this is disappointing: the {product} in {variant} is out of stock.',
    ],
    alternative: [
      'The {altProduct} in {altVariant} is available, if that could work for you: {link}',
      'If it helps, the {altProduct} in {altVariant} is in stock: {link}',
    ],
    noAlternative: ['I am sorry, there is nothing similar in stock right now.'],
    price: ['The {product} in {variant} is {price}.', 'The {product} ({variant}) is priced at {price}.'],
    askVariant: [
      'So I can check the right one, which {option} would you like: {choices}?',
      'Which {option} would suit you best: {choices}?',
    ],
    askProduct: ['Just to be sure I check the right one, do you mean {choices}?'],
    notSold: ['I am sorry, we do not carry that item.', 'I am sorry, that is not something we sell.'],
    handOff: [
      'I understand, and I am sorry for the trouble. A person from our team will reply here personally.',
      'Thank you for telling us. I have asked a member of our team to take this over; they will reply here.',
    ],
    greeting: ['How can I help you today?', 'What can I help you with?'],
    thanks: ['You are very welcome.', 'I am glad I could help.'],
    shipping: [
      'Shipping options and our returns policy are shown at checkout, and our team is glad to help with anything specific.',
    ],
    other: ['I can check stock, sizes and prices for you. Which product are you thinking of?'],
    productLink: ['Thank you for your comment. Here is the {product}: {link}'],
    productLinkNoProduct: [
      'Thank you for your comment. Which piece caught your eye? I am happy to check stock for you.',
    ],
    disclosure:
      "Just so you know, I'm {brand}'s automated assistant, and a person from the team can step in anytime.",
  },
  witty: {
    isChatty: true,
    emoji: ['😉', '😎'],
    openings: [
      'Well hello there!',
      'Ah, a person of taste!',
      'Hey you!',
      'Look who slid into our DMs!',
      'Hi there, trendsetter!',
    ],
    inStock: [
      'The {product} in {variant}? In stock and waiting for you.',
      'Plot twist: the {product} in {variant} is in stock.',
    ],
    lowStock: [
      'The {product} in {variant} is in stock, but only {quantity} left, so no pressure (some pressure).',
      'The {product} in {variant}: {quantity} left and counting.',
    ],
    linkLine: ['Your express lane: {link}', 'Click responsibly: {link}'],
    soldOut: [
      'The {product} in {variant} is sold out. Popular kid.',
      'Bad news: the {product} in {variant} has left the building.',
    ],
    alternative: [
      'Its cool cousin, the {altProduct} in {altVariant}, is in stock: {link}',
      'But the {altProduct} in {altVariant} is free and single: {link}',
    ],
    noAlternative: ['And nothing similar is in stock either. Tragic, I know.'],
    price: [
      'The {product} in {variant} is {price}. Worth every penny.',
      'The {product} ({variant}) goes for {price}.',
    ],
    askVariant: [
      'Decisions, decisions. Which {option}: {choices}?',
      'Which {option} are we talking: {choices}?',
    ],
    askProduct: ['A few things fit that description. Which one: {choices}?'],
    notSold: ["We don't sell that one. Yet. (Probably never.)", "That one's not in our shop, sorry!"],
    handOff: [
      'Calling in a human! Someone from the team will reply right here.',
      'Say no more, a real person will take it from here.',
    ],
    greeting: ['What can I find for you?', 'What are we hunting for today?'],
    thanks: ['Anytime!', 'Always a pleasure.'],
    shipping: [
      'Shipping options and returns are spelled out at checkout, and the humans on our team can help with the rest.',
    ],
    other: ['I can check stock, sizes and prices faster than you can say "add to cart". Which product?'],
    productLink: ['Your 🔥 has been noted. Here is the {product}: {link}'],
    productLinkNoProduct: [
      'Your comment has been noted. Which piece caught your eye? I can check stock for you.',
    ],
    disclosure: "Full disclosure: I'm {brand}'s automated assistant (the bot with good taste).",
  },
  luxury: {
    isChatty: false,
    emoji: [],
    openings: ['Good day.', 'Welcome.', 'Thank you for your enquiry.', 'Greetings.'],
    inStock: ['The {product} in {variant} is available.', 'The {product} in {variant} is in stock.'],
    lowStock: [
      'The {product} in {variant} is available; {quantity} pieces remain.',
      'Only {quantity} pieces of the {product} in {variant} remain.',
    ],
    linkLine: ['You may complete your purchase here: {link}', 'Your private checkout: {link}'],
    soldOut: [
      'The {product} in {variant} is currently unavailable.',
      'Regrettably, the {product} in {variant} is sold out.',
    ],
    alternative: ['May I suggest the {altProduct} in {altVariant}, which is available: {link}'],
    noAlternative: ['Regrettably, no comparable piece is available at present.'],
    price: ['The {product} in {variant} is {price}.'],
    askVariant: ['May I ask which {option} you prefer: {choices}?'],
    askProduct: ['May I ask which piece you mean: {choices}?'],
    notSold: ['That piece is not part of our collection.'],
    handOff: ['A member of our client team will attend to you personally here.'],
    greeting: ['How may I assist you?'],
    thanks: ['It is our pleasure.'],
    shipping: [
      'Delivery options and our returns policy are presented at checkout; our client team will gladly assist with any detail.',
    ],
    other: ['I would be pleased to check availability, sizing or pricing. Which piece interests you?'],
    productLink: ['Thank you for your comment. The {product} awaits you here: {link}'],
    productLinkNoProduct: [
      'Thank you for your comment. Which piece caught your eye? I would be pleased to check availability.',
    ],
    disclosure: 'Please note this is an automated reply on behalf of {brand}.',
  },
};

/** One short line per archetype, added by the chattier tones to product answers. */
export const archetypeFlavours: Record<BrandArchetype, readonly string[]> = {
  innocent: ['Simple, honest and made to make you smile.', 'Hope it brightens your day.'],
  sage: ['Worth knowing before you decide.', 'A thoughtful pick.'],
  explorer: ['Ready for wherever you go next.', 'Made for the road ahead.'],
  outlaw: ['Rules are optional, style is not.', 'Break the mould.'],
  magician: ['A little magic for your wardrobe.', 'Watch it transform your look.'],
  hero: ['Built to keep up with you.', 'Made for the bold.'],
  lover: ["You'll love how it feels.", 'Pure indulgence.'],
  jester: ['Your closet is about to get a lot more fun.', 'Warning: may cause compliments.'],
  everyman: ['Good stuff, no fuss.', 'Just what you need.'],
  caregiver: ["I'm here if you need anything else.", 'We are always here to help.'],
  ruler: ['A refined choice.', 'Quality that speaks for itself.'],
  creator: ['Made to be made yours.', 'Style it your way.'],
};

/** What the brand's own words add: greetings and sign-offs from its examples, words to avoid, emoji on or off. */
export interface BrandVoice {
  greetings: string[];
  signOffs: string[];
  avoid: string[];
  allowEmoji: boolean | null;
  address: string | null;
}

const GREETING =
  /^((?:hey|hi|hiya|hello|yo|greetings|welcome|good (?:morning|afternoon|evening|day)|aloha|howdy)\b[^.!?\n]{0,30}[.!?])/i;
const SIGN_OFF =
  /^(?:[-–—~]\s*)?((?:xx?o?|xo|cheers|stay|with love|love|best|warmly|peace|ciao|keep|happy|team|much love)\b[^\n]{0,40})$/i;

export function readBrandVoice(
  personality: Pick<Personality, 'voiceDescription' | 'exampleResponses'>,
): BrandVoice {
  const voice: BrandVoice = { greetings: [], signOffs: [], avoid: [], allowEmoji: null, address: null };
  const examples = personality.exampleResponses
    .split(/\n\s*\n|\n(?=["“-])/)
    .map((example) => example.trim().replace(/^["“]|["”]$/g, ''))
    .filter(Boolean);
  for (const example of examples) {
    const greeting = GREETING.exec(example)?.[1]?.trim();
    if (greeting && !/\d/.test(greeting) && !voice.greetings.includes(greeting))
      voice.greetings.push(greeting);
    const lastLine =
      example
        .split(/\n|(?<=[.!?])\s+/)
        .at(-1)
        ?.trim() ?? '';
    const signOff = SIGN_OFF.exec(lastLine)?.[1]?.trim();
    if (signOff && !/\d|https?:/.test(signOff) && !voice.signOffs.includes(signOff))
      voice.signOffs.push(signOff);
  }
  const description = personality.voiceDescription;
  for (const match of description.matchAll(
    /\b(?:avoid|never (?:say|use)|don'?t (?:say|use)|do not (?:say|use))\s+(?:the words?\s+|saying\s+|using\s+)?((?:["“'][^"”']+["”'](?:\s*(?:,|or|and)\s*)?)+|[\w'-]+)/gi,
  )) {
    const quoted = [...match[1]!.matchAll(/["“']([^"”']+)["”']/g)].map((item) =>
      item[1]!.toLowerCase().trim(),
    );
    voice.avoid.push(...(quoted.length > 0 ? quoted : [match[1]!.toLowerCase()]));
  }
  if (/\b(no|avoid|without|never use|don'?t use)\s+(any\s+)?emojis?\b/i.test(description))
    voice.allowEmoji = false;
  else if (/\bemojis?\b/i.test(description)) voice.allowEmoji = true;
  const address =
    /\b(?:call (?:customers|buyers|people|them|everyone)|address (?:customers|buyers|people) as)\s+["“']([^"”']{1,20})["”']/i.exec(
      description,
    );
  if (address) voice.address = address[1]!.trim();
  voice.avoid = voice.avoid.filter((word) => word.length > 1 && word !== 'emoji' && word !== 'emojis');
  return voice;
}
