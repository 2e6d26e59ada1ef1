import { defaultBusinessHours, type RuleAction, type RuleTrigger } from '#contracts/automation.ts';
import type { BrandArchetype, BrandTone } from '#contracts/dashboard.ts';

/**
 * The sample data of `seed-demo`: three brands in the states the Overview distinguishes (with a store or
 * without; active or paused). None has an Instagram account: a demo brand has no token to answer with, and a
 * brand's `instagramConnected` is set only by connecting one (modules/channel/connections.ts).
 */
export interface DemoMessage {
  sender: 'customer' | 'ai';
  content: string;
  inventoryChecked?: boolean;
}

export interface DemoConversation {
  customerUsername: string;
  status: string;
  /** How long ago the last message was sent. */
  minutesAgo: number;
  messages: DemoMessage[];
}

export interface DemoComment {
  username: string;
  content: string;
  replyContent?: string;
  minutesAgo: number;
  mediaId: string;
}

export interface DemoBrand {
  key: string;
  name: string;
  username: string;
  active: boolean;
  /** Gets the built-in sample store; connecting it is what shows the brand as store-connected. */
  hasSampleStore: boolean;
  personality: {
    archetype: BrandArchetype;
    tone: BrandTone;
    voiceDescription: string;
    exampleResponses: string;
  };
  conversations: DemoConversation[];
  comments: DemoComment[];
}

/** The three sample automation rules, given to every demo brand (readable texts come from the configs). */
export const demoAutomationRules: readonly {
  name: string;
  triggerConfig: RuleTrigger;
  actionConfig: RuleAction;
  active: boolean;
}[] = [
  {
    name: 'Product Inquiry Response',
    triggerConfig: { type: 'product_mention' },
    actionConfig: { type: 'answer_availability' },
    active: true,
  },
  {
    name: 'Fire Emoji Comment to DM',
    triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
    actionConfig: { type: 'private_reply_product_link' },
    active: true,
  },
  {
    name: 'After-Hours Auto Reply',
    triggerConfig: {
      type: 'outside_business_hours',
      opensAt: defaultBusinessHours.opensAt,
      closesAt: defaultBusinessHours.closesAt,
      timeZone: defaultBusinessHours.timeZone,
      days: [...defaultBusinessHours.days],
    },
    actionConfig: {
      type: 'fixed_text',
      text: 'Thanks for your message! Our team is offline right now and will follow up during business hours.',
    },
    active: false,
  },
];

const stockChat = (product: string, variant: string, left: number, link: string): DemoMessage[] => [
  { sender: 'customer', content: `Hi! Is the ${product} still available in ${variant}?` },
  {
    sender: 'ai',
    content: `Hi! Yes, the ${product} in ${variant} is in stock (${left} left). You can check out here: ${link}`,
    inventoryChecked: true,
  },
  { sender: 'customer', content: 'Perfect, ordering now 🙌' },
];

const restockChat = (product: string): DemoMessage[] => [
  { sender: 'customer', content: `When will the ${product} be back in stock?` },
  {
    sender: 'ai',
    content: `The ${product} is sold out right now; the next delivery is expected within two weeks. Shall I message you when it's back?`,
    inventoryChecked: true,
  },
  { sender: 'customer', content: 'Yes please!' },
  { sender: 'ai', content: "Done! You'll get a DM from us the day it's back." },
];

const shippingChat = (city: string): DemoMessage[] => [
  { sender: 'customer', content: `How long does shipping to ${city} take?` },
  {
    sender: 'ai',
    content: `Standard shipping to ${city} takes 3-5 business days, and orders over $50 ship free.`,
  },
];

const orderChat = (order: number): DemoMessage[] => [
  { sender: 'customer', content: `My order #${order} still hasn't arrived, it's been 10 days` },
  {
    sender: 'ai',
    content: `I'm sorry about the wait! I've passed order #${order} to our team and they'll reply here within one business day.`,
  },
];

/** A customer's question and, when the assistant has answered it, the answer. */
const questionChat = (question: string, answer?: string): DemoMessage[] => [
  { sender: 'customer', content: question },
  ...(answer === undefined ? [] : [{ sender: 'ai' as const, content: answer }]),
];

/** The brands' conversations as rows: who, in which status, how long ago the last message was, what was said. */
type ConversationRow = [
  customerUsername: string,
  status: string,
  minutesAgo: number,
  messages: DemoMessage[],
];

const conversationsOf = (rows: ConversationRow[]): DemoConversation[] =>
  rows.map(([customerUsername, status, minutesAgo, messages]) => ({
    customerUsername,
    status,
    minutesAgo,
    messages,
  }));

/** The brands' comments as rows: who wrote what, how long ago, on which post, and the brand's reply if any. */
type CommentRow = [
  username: string,
  content: string,
  minutesAgo: number,
  mediaId: string,
  replyContent?: string,
];

const commentsOf = (rows: CommentRow[]): DemoComment[] =>
  rows.map(([username, content, minutesAgo, mediaId, replyContent]) => ({
    username,
    content,
    minutesAgo,
    mediaId,
    ...(replyContent === undefined ? {} : { replyContent }),
  }));

export const demoBrands: DemoBrand[] = [
  {
    key: 'luna',
    name: 'Luna Skincare',
    username: 'lunaskincare',
    active: true,
    hasSampleStore: true,
    personality: {
      archetype: 'caregiver',
      tone: 'empathetic',
      voiceDescription:
        'Warm, reassuring and knowledgeable about skin; never pushy, always explains why a product fits.',
      exampleResponses:
        "Great question! Our Night Repair Serum is gentle enough for sensitive skin. Want me to check your shade?\nSo sorry to hear that, let's make it right together.",
    },
    conversations: conversationsOf([
      [
        'emma.glow',
        'active',
        4,
        stockChat('Night Repair Serum', '30 ml', 12, 'https://lunaskincare.myshopify.com/cart/41234:1'),
      ],
      ['sophia_beauty', 'resolved', 35, shippingChat('Austin')],
      ['mia.skin', 'active', 62, restockChat('Vitamin C Glow Mask')],
      ['olivia_rose', 'escalated', 95, orderChat(1042)],
      [
        'ava.naturals',
        'active',
        140,
        stockChat('Hydra Cleanser', '150 ml', 3, 'https://lunaskincare.myshopify.com/cart/41240:1'),
      ],
      ['isabella.m', 'resolved', 210, shippingChat('Toronto')],
      [
        'charlotte_k',
        'active',
        300,
        questionChat(
          'Is the SPF 50 moisturizer safe for oily skin?',
          'Yes! It is oil-free and non-comedogenic, so it suits oily and combination skin.',
        ),
      ],
      [
        'amelia.rx',
        'resolved',
        480,
        stockChat('Rose Toner', '200 ml', 20, 'https://lunaskincare.myshopify.com/cart/41251:1'),
      ],
      ['harper.j', 'pending', 720, questionChat('Do you do gift wrapping?')],
      ['evelyn_glow', 'resolved', 1440, restockChat('Lip Balm Trio')],
      ['abigail.s', 'active', 2000, shippingChat('London')],
      ['ella.beauty', 'resolved', 2900, orderChat(1017)],
    ]),
    comments: commentsOf([
      ['glowgetter', '🔥🔥 need this serum', 10, 'demo-luna-post-1', 'Sent you a DM with the link! ✨'],
      ['skin.by.sara', 'Does this work on dry skin?', 25, 'demo-luna-post-1'],
      ['nina_loves', 'Price please?', 70, 'demo-luna-post-2', 'It is $38, DM sent with details 💌'],
      ['jess.makeup', 'Obsessed with the packaging 😍', 130, 'demo-luna-post-2'],
      ['dermdaily', 'Is it fragrance free?', 400, 'demo-luna-post-3', 'Yes, 100% fragrance free!'],
      ['kayla.k', '🔥 restock when?', 900, 'demo-luna-post-3'],
    ]),
  },
  {
    key: 'urban',
    name: 'Urban Threads',
    username: 'urbanthreads.co',
    active: true,
    hasSampleStore: false,
    personality: {
      archetype: 'outlaw',
      tone: 'witty',
      voiceDescription:
        'Streetwise, playful and a little rebellious; short sentences, a few emojis, never corporate.',
      exampleResponses:
        'That hoodie? Basically a hug you can wear. Size up if you like it oversized 😎\nOn its way, legend.',
    },
    conversations: conversationsOf([
      [
        'jake.streetwear',
        'active',
        8,
        [
          { sender: 'customer', content: 'Yo, does the Oversized Hoodie run big?' },
          {
            sender: 'ai',
            content:
              'It does, on purpose 😎 Take your usual size for the oversized look, one down for a regular fit.',
          },
          { sender: 'customer', content: 'Sweet, thanks' },
        ],
      ],
      ['liam_fits', 'resolved', 50, shippingChat('Chicago')],
      ['noah.kicks', 'escalated', 100, orderChat(2210)],
      [
        'mason_drip',
        'active',
        180,
        questionChat(
          'Got any discount codes?',
          'Follow us and use THREADS10 for 10% off your first order 🙌',
        ),
      ],
      ['lucas.vibes', 'resolved', 260, shippingChat('Berlin')],
      ['ethan.style', 'pending', 600, questionChat('Can I exchange a tee for a bigger size?')],
      ['logan_threads', 'resolved', 1500, orderChat(2188)],
      [
        'aiden.w',
        'active',
        3000,
        questionChat(
          'Is the cargo pant 100% cotton?',
          'It is 98% cotton with 2% stretch so it moves with you.',
        ),
      ],
    ]),
    comments: commentsOf([
      ['streetkid99', '🔥🔥🔥', 15, 'demo-urban-post-1', 'Check your DMs 👀'],
      ['fashion.finds', 'What size is the model wearing?', 45, 'demo-urban-post-1'],
      ['hypebeast_ana', 'Need this in black', 200, 'demo-urban-post-2', 'Black drops Friday 🖤'],
      ['thrift.queen', 'Do you ship to Canada?', 350, 'demo-urban-post-2'],
      ['marco.p', 'Link?', 800, 'demo-urban-post-3'],
      ['ootd.daily', 'This colourway is 🔥', 1600, 'demo-urban-post-3', 'Thank you! DM sent with the link'],
    ]),
  },
  {
    key: 'peak',
    name: 'Peak Outdoor Gear',
    username: 'peakoutdoorgear',
    active: false,
    hasSampleStore: false,
    personality: {
      archetype: 'explorer',
      tone: 'enthusiastic',
      voiceDescription:
        'Adventurous and practical; speaks like a trail guide who has tested every piece of kit.',
      exampleResponses: 'That tent has survived 60 mph winds on our test trips. Ready for your next summit?',
    },
    conversations: conversationsOf([
      [
        'trail.runner',
        'resolved',
        4000,
        questionChat(
          'Is the Summit 2 tent waterproof?',
          'Yes, it has a 3000 mm rated fly and taped seams, ready for proper mountain weather.',
        ),
      ],
      ['camp.with.kate', 'resolved', 5000, shippingChat('Denver')],
      [
        'hiker_dan',
        'archived',
        6000,
        questionChat('Do you rent gear?', 'Not yet, but we are looking into it. Thanks for asking!'),
      ],
      ['summit.sam', 'pending', 7000, []],
      ['wild.wanderer', 'resolved', 8000, orderChat(310)],
      ['alpine.jo', 'active', 9000, shippingChat('Seattle')],
    ]),
    comments: commentsOf([
      ['mountain.mike', 'Best boots I have owned', 4500, 'demo-peak-post-1', 'Happy trails, Mike! 🥾'],
      ['outdoorsy.em', 'Are these back soon?', 6500, 'demo-peak-post-1'],
      ['gearhead', 'Weight of the pack?', 9000, 'demo-peak-post-2'],
    ]),
  },
];
