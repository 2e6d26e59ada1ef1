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
    conversations: [
      {
        customerUsername: 'emma.glow',
        status: 'active',
        minutesAgo: 4,
        messages: stockChat(
          'Night Repair Serum',
          '30 ml',
          12,
          'https://lunaskincare.myshopify.com/cart/41234:1',
        ),
      },
      {
        customerUsername: 'sophia_beauty',
        status: 'resolved',
        minutesAgo: 35,
        messages: shippingChat('Austin'),
      },
      {
        customerUsername: 'mia.skin',
        status: 'active',
        minutesAgo: 62,
        messages: restockChat('Vitamin C Glow Mask'),
      },
      { customerUsername: 'olivia_rose', status: 'escalated', minutesAgo: 95, messages: orderChat(1042) },
      {
        customerUsername: 'ava.naturals',
        status: 'active',
        minutesAgo: 140,
        messages: stockChat('Hydra Cleanser', '150 ml', 3, 'https://lunaskincare.myshopify.com/cart/41240:1'),
      },
      {
        customerUsername: 'isabella.m',
        status: 'resolved',
        minutesAgo: 210,
        messages: shippingChat('Toronto'),
      },
      {
        customerUsername: 'charlotte_k',
        status: 'active',
        minutesAgo: 300,
        messages: [
          { sender: 'customer', content: 'Is the SPF 50 moisturizer safe for oily skin?' },
          {
            sender: 'ai',
            content: 'Yes! It is oil-free and non-comedogenic, so it suits oily and combination skin.',
          },
        ],
      },
      {
        customerUsername: 'amelia.rx',
        status: 'resolved',
        minutesAgo: 480,
        messages: stockChat('Rose Toner', '200 ml', 20, 'https://lunaskincare.myshopify.com/cart/41251:1'),
      },
      {
        customerUsername: 'harper.j',
        status: 'pending',
        minutesAgo: 720,
        messages: [{ sender: 'customer', content: 'Do you do gift wrapping?' }],
      },
      {
        customerUsername: 'evelyn_glow',
        status: 'resolved',
        minutesAgo: 1440,
        messages: restockChat('Lip Balm Trio'),
      },
      { customerUsername: 'abigail.s', status: 'active', minutesAgo: 2000, messages: shippingChat('London') },
      { customerUsername: 'ella.beauty', status: 'resolved', minutesAgo: 2900, messages: orderChat(1017) },
    ],
    comments: [
      {
        username: 'glowgetter',
        content: '🔥🔥 need this serum',
        replyContent: 'Sent you a DM with the link! ✨',
        minutesAgo: 10,
        mediaId: 'demo-luna-post-1',
      },
      {
        username: 'skin.by.sara',
        content: 'Does this work on dry skin?',
        minutesAgo: 25,
        mediaId: 'demo-luna-post-1',
      },
      {
        username: 'nina_loves',
        content: 'Price please?',
        replyContent: 'It is $38, DM sent with details 💌',
        minutesAgo: 70,
        mediaId: 'demo-luna-post-2',
      },
      {
        username: 'jess.makeup',
        content: 'Obsessed with the packaging 😍',
        minutesAgo: 130,
        mediaId: 'demo-luna-post-2',
      },
      {
        username: 'dermdaily',
        content: 'Is it fragrance free?',
        replyContent: 'Yes, 100% fragrance free!',
        minutesAgo: 400,
        mediaId: 'demo-luna-post-3',
      },
      { username: 'kayla.k', content: '🔥 restock when?', minutesAgo: 900, mediaId: 'demo-luna-post-3' },
    ],
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
    conversations: [
      {
        customerUsername: 'jake.streetwear',
        status: 'active',
        minutesAgo: 8,
        messages: [
          { sender: 'customer', content: 'Yo, does the Oversized Hoodie run big?' },
          {
            sender: 'ai',
            content:
              'It does, on purpose 😎 Take your usual size for the oversized look, one down for a regular fit.',
          },
          { sender: 'customer', content: 'Sweet, thanks' },
        ],
      },
      {
        customerUsername: 'liam_fits',
        status: 'resolved',
        minutesAgo: 50,
        messages: shippingChat('Chicago'),
      },
      { customerUsername: 'noah.kicks', status: 'escalated', minutesAgo: 100, messages: orderChat(2210) },
      {
        customerUsername: 'mason_drip',
        status: 'active',
        minutesAgo: 180,
        messages: [
          { sender: 'customer', content: 'Got any discount codes?' },
          { sender: 'ai', content: 'Follow us and use THREADS10 for 10% off your first order 🙌' },
        ],
      },
      {
        customerUsername: 'lucas.vibes',
        status: 'resolved',
        minutesAgo: 260,
        messages: shippingChat('Berlin'),
      },
      {
        customerUsername: 'ethan.style',
        status: 'pending',
        minutesAgo: 600,
        messages: [{ sender: 'customer', content: 'Can I exchange a tee for a bigger size?' }],
      },
      { customerUsername: 'logan_threads', status: 'resolved', minutesAgo: 1500, messages: orderChat(2188) },
      {
        customerUsername: 'aiden.w',
        status: 'active',
        minutesAgo: 3000,
        messages: [
          { sender: 'customer', content: 'Is the cargo pant 100% cotton?' },
          { sender: 'ai', content: 'It is 98% cotton with 2% stretch so it moves with you.' },
        ],
      },
    ],
    comments: [
      {
        username: 'streetkid99',
        content: '🔥🔥🔥',
        replyContent: 'Check your DMs 👀',
        minutesAgo: 15,
        mediaId: 'demo-urban-post-1',
      },
      {
        username: 'fashion.finds',
        content: 'What size is the model wearing?',
        minutesAgo: 45,
        mediaId: 'demo-urban-post-1',
      },
      {
        username: 'hypebeast_ana',
        content: 'Need this in black',
        replyContent: 'Black drops Friday 🖤',
        minutesAgo: 200,
        mediaId: 'demo-urban-post-2',
      },
      {
        username: 'thrift.queen',
        content: 'Do you ship to Canada?',
        minutesAgo: 350,
        mediaId: 'demo-urban-post-2',
      },
      { username: 'marco.p', content: 'Link?', minutesAgo: 800, mediaId: 'demo-urban-post-3' },
      {
        username: 'ootd.daily',
        content: 'This colourway is 🔥',
        replyContent: 'Thank you! DM sent with the link',
        minutesAgo: 1600,
        mediaId: 'demo-urban-post-3',
      },
    ],
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
    conversations: [
      {
        customerUsername: 'trail.runner',
        status: 'resolved',
        minutesAgo: 4000,
        messages: [
          { sender: 'customer', content: 'Is the Summit 2 tent waterproof?' },
          {
            sender: 'ai',
            content: 'Yes, it has a 3000 mm rated fly and taped seams, ready for proper mountain weather.',
          },
        ],
      },
      {
        customerUsername: 'camp.with.kate',
        status: 'resolved',
        minutesAgo: 5000,
        messages: shippingChat('Denver'),
      },
      {
        customerUsername: 'hiker_dan',
        status: 'archived',
        minutesAgo: 6000,
        messages: [
          { sender: 'customer', content: 'Do you rent gear?' },
          { sender: 'ai', content: 'Not yet, but we are looking into it. Thanks for asking!' },
        ],
      },
      { customerUsername: 'summit.sam', status: 'pending', minutesAgo: 7000, messages: [] },
      { customerUsername: 'wild.wanderer', status: 'resolved', minutesAgo: 8000, messages: orderChat(310) },
      {
        customerUsername: 'alpine.jo',
        status: 'active',
        minutesAgo: 9000,
        messages: shippingChat('Seattle'),
      },
    ],
    comments: [
      {
        username: 'mountain.mike',
        content: 'Best boots I have owned',
        replyContent: 'Happy trails, Mike! 🥾',
        minutesAgo: 4500,
        mediaId: 'demo-peak-post-1',
      },
      {
        username: 'outdoorsy.em',
        content: 'Are these back soon?',
        minutesAgo: 6500,
        mediaId: 'demo-peak-post-1',
      },
      { username: 'gearhead', content: 'Weight of the pack?', minutesAgo: 9000, mediaId: 'demo-peak-post-2' },
    ],
  },
];
