/**
 * Every cached read's key, in one place for the screens, their mutations and the live-events hook
 * (`hooks/use-live-events.ts`). A key is the read's URL cut at `/` (the default query function joins the segments
 * back), so a key is also a prefix of every key under it: invalidating `brandKeys.one(id)` marks every read of that
 * brand stale. A trailing object holds a read's filters; the prefix without it names all of them.
 *
 * Separate exports per area, so the landing page's bundle carries only the keys it reads.
 */

export { authKeys } from './session-query-key.ts';

export const adminKeys = {
  pendingUsers: ['/api/admin/pending-users'] as const,
};

/** The conversation inbox's filters, with empty values kept: one key per combination. */
export interface ConversationFilterKey {
  q: string;
  status: string;
  unread: string;
  startedOn: string;
  askedVariantId: string;
}

export const brandKeys = {
  /** The brand list; with `exact: false` also every read under a brand. */
  all: ['/api/brands'] as const,
  /** Every read of one brand. */
  one: (brandId: string) => ['/api/brands', brandId] as const,
  /** All conversation lists of a brand, or the one for these filters. */
  conversations: (brandId: string, filters?: ConversationFilterKey) =>
    filters
      ? (['/api/brands', brandId, 'conversations', filters] as const)
      : (['/api/brands', brandId, 'conversations'] as const),
  /** The inbox tab counts: all of them, or for these filters. */
  inboxCounts: (brandId: string, filters?: ConversationFilterKey) =>
    filters
      ? (['/api/brands', brandId, 'inbox-counts', filters] as const)
      : (['/api/brands', brandId, 'inbox-counts'] as const),
  /** All comment lists of a brand, or the one for this search. */
  comments: (brandId: string, search?: { q: string }) =>
    search
      ? (['/api/brands', brandId, 'comments', search] as const)
      : (['/api/brands', brandId, 'comments'] as const),
  automationRules: (brandId: string) => ['/api/brands', brandId, 'automation-rules'] as const,
  commentedPosts: (brandId: string) => ['/api/brands', brandId, 'commented-posts'] as const,
  instagram: (brandId: string) => ['/api/brands', brandId, 'instagram'] as const,
  personality: (brandId: string) => ['/api/brands', brandId, 'personality'] as const,
  assistantSettings: (brandId: string) => ['/api/brands', brandId, 'assistant', 'settings'] as const,
  store: (brandId: string) => ['/api/brands', brandId, 'store'] as const,
};

export const conversationKeys = {
  /** Every read of one conversation. */
  one: (conversationId: string) => ['/api/conversations', conversationId] as const,
  messages: (conversationId: string) => ['/api/conversations', conversationId, 'messages'] as const,
  sendWindow: (conversationId: string) => ['/api/conversations', conversationId, 'send-window'] as const,
  order: (conversationId: string) => ['/api/conversations', conversationId, 'order'] as const,
};

export const workspaceKeys = {
  all: ['/api/workspaces'] as const,
  current: ['/api/session/workspace'] as const,
  members: (workspaceId: string) => ['/api/workspaces', workspaceId, 'members'] as const,
  invitations: (workspaceId: string) => ['/api/workspaces', workspaceId, 'invitations'] as const,
  auditLog: (workspaceId: string) => ['/api/workspaces', workspaceId, 'audit-log'] as const,
  apiKeys: (workspaceId: string) => ['/api/workspaces', workspaceId, 'api-keys'] as const,
  webhookEndpoints: (workspaceId: string) => ['/api/workspaces', workspaceId, 'webhooks'] as const,
  webhookDeliveries: (workspaceId: string, endpointId: string) =>
    ['/api/workspaces', workspaceId, 'webhooks', endpointId, 'deliveries'] as const,
};

/** An invitation is read by POST (its token stays out of addresses), so its key is no URL. */
export const invitationKeys = {
  preview: (token: string) => ['invitation-preview', token] as const,
};

export const profileKeys = {
  profile: ['/api/profile'] as const,
  sessions: ['/api/profile/sessions'] as const,
};

export const notificationKeys = {
  all: ['/api/notifications'] as const,
};

export const usageKeys = {
  usage: ['/api/usage'] as const,
  summary: ['/api/usage/summary'] as const,
};

export const revenueKeys = {
  report: (params: { brandId?: string | undefined; from: string; to: string }) =>
    ['/api/revenue', params.brandId ?? 'all', params.from, params.to] as const,
};

export const analyticsKeys = {
  /** The Overview's stat cards: the current workspace's counts now and 30 days before. */
  overview: ['/api/analytics/overview'] as const,
  report: (params: { brandId?: string | undefined; from: string; to: string }) =>
    ['/api/analytics', { brandId: params.brandId ?? '', from: params.from, to: params.to }] as const,
};

export const setupChecklistKeys = {
  checklist: ['/api/setup-checklist'] as const,
};

export const instagramKeys = {
  settings: ['/api/instagram/settings'] as const,
};

export const openApiKeys = {
  // `openApiPath` of contracts/openapi.ts, written out: importing it would bring that module's zod schemas into
  // the landing page's bundle with this file (query-keys.test.ts holds them equal).
  document: ['/api/openapi.json'] as const,
};

export const sampleCartKeys = {
  cart: (items: string) => ['/api/sample-cart', items] as const,
};

export const demoKeys = {
  /** Every date's slots. */
  availableSlots: ['/api/demo/available-slots'] as const,
  availableSlotsOn: (date: string) => ['/api/demo/available-slots', date] as const,
};
