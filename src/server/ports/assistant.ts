/** The assistant's draft of a reply, for the dashboard's "Generate AI Response". Provided by
 * modules/assistant, consumed by modules/dashboard; runtime.ts wires them. */
export interface AssistantDrafts {
  /** The assistant's reply to the conversation so far, not sent. */
  draftReply(input: { conversationId: string }): Promise<{ reply: string; trace: unknown }>;
}
