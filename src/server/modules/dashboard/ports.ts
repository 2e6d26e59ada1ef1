import type { AssistantDrafts } from '#server/ports/assistant.ts';
import type { ChannelOutbound } from '#server/ports/channel.ts';

export type { AssistantDrafts } from '#server/ports/assistant.ts';
export type { ChannelOutbound, OutboundResult, SendOrigin } from '#server/ports/channel.ts';

/**
 * The optional providers of the dashboard's actions: the channel's outbound path and the assistant's
 * drafts, passed in by runtime.ts. Without them the routes that need them answer 503.
 */
export interface DashboardPorts {
  channel?: ChannelOutbound | undefined;
  drafts?: AssistantDrafts | undefined;
}
