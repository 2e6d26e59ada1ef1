// Landing page copy for Voicecart. Pure data, no JSX: icon fields hold the lucide-react components themselves,
// imported by name so only these ship (a name-to-component table would list every icon twice).
import {
  Inbox,
  MessageCircle,
  PackageCheck,
  Palette,
  Plug,
  ShieldCheck,
  ShoppingBag,
  ShoppingCart,
  Sparkles,
  Workflow,
  Zap,
} from 'lucide-react';

export const hero = {
  eyebrow: 'AI sales assistant for Instagram brands',
  headline: "Turn Instagram DMs into checkouts, in your brand's own voice",
  subheadline:
    'Voicecart AI answers your DMs and comments the way your team would, checks live stock in your Shopify or WooCommerce store, and hands the buyer a checkout link while they are still interested.',
  claims: [
    {
      id: 'inventory-check',
      title: 'Inventory check in under 5 seconds',
      description:
        'Sizes, shades and stock levels are read from your store before the AI replies, so buyers never hear about a product you cannot ship.',
    },
    {
      id: 'comment-to-dm',
      title: 'Comment-to-DM triggers',
      description:
        'A comment like "price?" or "🔥" on a post opens a private DM with the product details and a checkout link.',
    },
    {
      id: 'brand-voice',
      title: 'Your brand voice, preserved',
      description:
        'Set your archetype, tone and example replies once; every answer sounds like your team, not a generic bot.',
    },
    {
      id: 'data-ownership',
      title: 'First-party data you own',
      description:
        'Conversations, buyer preferences and orders stay with your brand and your store. We never sell them.',
    },
  ],
  primaryCta: { label: 'Start Free Trial', href: '/api/login' },
  secondaryCta: { label: 'Schedule Demo' },
} as const;

export const stats = [
  { value: '4.2s', label: 'Average time from question to stock-checked reply' },
  { value: '24/7', label: 'Replies on nights, weekends and launch days' },
  { value: '71%', label: 'Of product questions answered without a human' },
  { value: '2.4x', label: 'More DM conversations reaching checkout' },
] as const;

export const benefits = [
  {
    title: 'Answer every DM in seconds',
    description:
      'Buyers get a reply while they are still on your post, not the next morning. Fewer unanswered questions means fewer lost sales.',
    icon: Zap,
  },
  {
    title: "Only promise what's in stock",
    description:
      'Each reply about a size, colour or variant is checked against your live inventory first, so you avoid oversells and awkward follow-ups.',
    icon: PackageCheck,
  },
  {
    title: 'Sound like yourself',
    description:
      'The assistant learns your tone, vocabulary and emoji habits from your own example replies, and your customers hear the brand they follow.',
    icon: Sparkles,
  },
  {
    title: 'Keep your customer relationships',
    description:
      "Orders go through your own store's checkout and conversation data belongs to your brand, not to a marketplace.",
    icon: ShieldCheck,
  },
] as const;

export const steps = [
  {
    step: 1,
    title: 'Connect',
    description:
      'Sign up, link your Instagram business account and your Shopify or WooCommerce store. We review new accounts, typically within 24 hours.',
    icon: Plug,
  },
  {
    step: 2,
    title: 'Automate',
    description:
      'Describe your brand personality, add a few example replies and choose which keywords, comments and hours the AI should handle.',
    icon: Workflow,
  },
  {
    step: 3,
    title: 'Convert',
    description:
      'Voicecart AI answers questions, confirms stock and sends a checkout link; you watch conversations and step in whenever you like.',
    icon: ShoppingCart,
  },
] as const;

export const features = [
  {
    title: 'Live inventory checks',
    description:
      'Stock, sizes and variants are looked up in your Shopify or WooCommerce store in under 5 seconds, and replies that used live data are marked as inventory checked.',
    icon: PackageCheck,
  },
  {
    title: 'Comment-to-DM triggers',
    description:
      'Turn comments on posts and reels into private conversations: a keyword or emoji starts a DM with the product and a link.',
    icon: MessageCircle,
  },
  {
    title: 'Brand personality setup',
    description:
      'Choose from twelve brand archetypes and six tones, then add a voice description and sample answers the AI follows.',
    icon: Palette,
  },
  {
    title: 'Checkout links in the chat',
    description:
      "Buyers receive a link to your store's own checkout, so payment, shipping and the order record stay in your store.",
    icon: ShoppingBag,
  },
  {
    title: 'Automation rules',
    description:
      'Decide what the AI handles by product name, SKU, comment emoji or business hours, and when a conversation goes to your team.',
    icon: Workflow,
  },
  {
    title: 'One inbox for every brand',
    description:
      'DMs and comments from all your brands in one searchable view, with archive, resolve and escalate actions beside each conversation.',
    icon: Inbox,
  },
] as const;

export const testimonials = [
  {
    quote:
      'We used to answer "is this in a medium?" forty times a day. Now Voicecart checks Shopify, replies in our tone and sends the link, and we spend that time on new collections.',
    name: 'Maya Okafor',
    role: 'Founder',
    company: 'Loom & Linen',
  },
  {
    quote:
      'Launch posts used to bury us in comments. With comment-to-DM triggers every "🔥" gets a private message with the right shade and a checkout link, and customers reply as if they were talking to us.',
    name: 'Priya Raman',
    role: 'Head of E-commerce',
    company: 'Dewdrop Skin',
  },
  {
    quote:
      "Most of our pieces are one-offs, so stock accuracy matters more than speed. Voicecart checks WooCommerce before promising anything, and it hasn't offered a jacket we'd already sold.",
    name: 'Jonas Berg',
    role: 'Co-founder',
    company: 'Second Stitch Vintage',
  },
] as const;

export const about = {
  id: 'about',
  heading: 'About Voicecart',
  paragraphs: [
    'Voicecart started with a simple observation: small brands get more purchase questions in their Instagram DMs than on their websites, and most of those questions arrive when nobody is around to answer them.',
    "We build an assistant that replies the way the brand would, only says what the store can actually deliver, and sends buyers to the brand's own checkout. The customer relationship, and the data that comes with it, stays with the brand.",
  ],
} as const;

export const blog = {
  id: 'blog',
  heading: 'From the blog',
  posts: [
    {
      title: 'Why "DM for price" loses sales, and what to do instead',
      date: '2026-09-15',
      summary:
        'Buyers who have to wait for an answer often move on. We look at how reply time affects conversion in Instagram DMs and how to answer faster without sounding automated.',
    },
    {
      title: 'Writing a brand voice guide your AI can actually follow',
      date: '2026-10-06',
      summary:
        'Archetype, tone and five good example replies: a practical template for describing how your brand talks, with before-and-after replies.',
    },
    {
      title: 'Comment-to-DM triggers for product launches',
      date: '2026-10-27',
      summary:
        'How to plan launch-day keywords, keep public replies short and move buyers into a private conversation with a checkout link.',
    },
  ],
} as const;

export const contact = {
  id: 'contact',
  heading: 'Contact us',
  text: 'Questions about Voicecart, your account or your data? Write to the right address below; our team replies Monday to Friday 9-5 EST.',
  emails: [
    { label: 'General enquiries', address: 'hello@voicecart.app' },
    { label: 'Customer support', address: 'support@voicecart.app' },
    { label: 'Privacy and data requests', address: 'privacy@voicecart.app' },
  ],
} as const;

export const closingCta = {
  headline: 'Your next sale is already in your DMs',
  text: 'Connect your Instagram account and your store, teach Voicecart AI how your brand talks, and let it answer the next buyer for you.',
  primaryCta: { label: 'Start Free Trial', href: '/signup' },
  secondaryCta: { label: 'Schedule Demo' },
} as const;

export const footer = {
  tagline:
    "The AI sales assistant that answers Instagram DMs and comments in your brand's voice and sends buyers to your checkout.",
  newsletter: {
    heading: 'Stay in the loop',
    text: 'One email a month with product updates and practical ideas for selling through Instagram conversations.',
    placeholder: 'Enter your email',
    buttonLabel: 'Subscribe',
  },
  copyright: '© 2026 Voicecart. All rights reserved.',
} as const;

export type Hero = typeof hero;
export type Stat = (typeof stats)[number];
export type Benefit = (typeof benefits)[number];
export type Step = (typeof steps)[number];
export type Feature = (typeof features)[number];
export type Testimonial = (typeof testimonials)[number];
export type BlogPost = (typeof blog.posts)[number];
