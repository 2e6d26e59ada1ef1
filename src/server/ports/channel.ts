/**
 * The one outbound path to Instagram, as the assistant and the dashboard's person replies use it. Provided by
 * modules/channel (outbound.ts), consumed by modules/assistant and modules/dashboard; runtime.ts wires them.
 */
export type SendOrigin = 'assistant' | 'person';
/** Why the send guard refuses a send (`gone`: the conversation or comment no longer exists). */
export type SendRefusalCode =
  | 'brand_paused'
  | 'not_connected'
  | 'needs_reconnect'
  | 'escalated'
  | 'person_owned'
  | 'no_customer_message'
  | 'window_closed'
  | 'private_reply_expired'
  | 'gone';
export interface OutboundResult {
  /**
   * 'sent' by Graph; 'failed' with Graph's message; 'unknown' after a timeout or while interrupted (settled later by
   * the echo, or by the send reconciler: confirmed, or sent once more; decision 023).
   */
  status: 'sent' | 'failed' | 'unknown';
  /** Our stored message row ids (one per part when text was split at 1,000 bytes); comment replies: []. */
  messageIds: string[];
  /** True when this idempotencyKey had already been used: nothing was sent again. */
  duplicate: boolean;
  error?: string;
}
export interface ChannelOutbound {
  /** Send guard first; a refusal throws AppError('CONFLICT', reason) (the API answers 409 naming it).
   *  Stores the message (sender 'ai' for assistant, 'agent' for person) before calling Graph. */
  sendDirectMessage(input: {
    conversationId: string;
    text: string;
    origin: SendOrigin;
    idempotencyKey: string;
    inventoryChecked?: boolean;
  }): Promise<OutboundResult>;
  /** Private reply (recipient.comment_id, once per comment, within 7 days) or public reply (/{comment-id}/replies).
   *  Marks the comment replied with replyContent. */
  sendCommentReply(input: {
    commentId: string;
    text: string;
    visibility: 'private' | 'public';
    origin: SendOrigin;
    idempotencyKey: string;
  }): Promise<OutboundResult>;
  /** For the composer: may this origin send a DM now, and if not, why (same reasons as the guard). */
  checkDirectMessageWindow(input: {
    conversationId: string;
    origin: SendOrigin;
  }): Promise<
    | { allowed: true; humanAgentTag: boolean; closesAt: string | null }
    | { allowed: false; code: SendRefusalCode; reason: string }
  >;
}
