import type { WebhookEventType } from '#contracts/webhooks.ts';

/** What each event means, in the words the settings screen shows beside its name. */
export const eventLabels: Record<WebhookEventType, string> = {
  'message.received': 'A buyer sent a direct message.',
  'reply.sent': 'A reply (the assistant’s or a person’s) reached Instagram.',
  'conversation.escalated': 'A conversation was handed to a person.',
  'conversation.resolved': 'A conversation was marked resolved.',
  'order.attributed': 'An order came from a checkout link sent in a conversation.',
};
