import { defineJob, type JobDefinition } from './queue.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

/**
 * Every job kind of the product, with its retry policy. One place, so a reader sees every queue.
 * Mail: 10 tries over roughly 8 hours (30 s doubling), then the dead-letter queue.
 */
export const sendEmailJob = defineJob<MailMessage>('send-email', {
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * Inbound Instagram events of one thread (one customer's DMs, or one comment), processed in order (issue 9).
 * Retried quickly: the events wait in the inbox table, so a retry loses nothing.
 */
export const instagramProcessJob = defineJob<{ brandId: string; threadKey: string }>('instagram-process', {
  retryLimit: 8,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Refreshes long-lived Instagram tokens that are at least 24 h old and expire within 10 days (hourly). */
export const instagramRefreshTokensJob = defineJob<Record<string, never>>('instagram-refresh-tokens', {
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 600,
});

/**
 * A new customer message or comment for the assistant (INTERFACES.md). Enqueued by the channel in the transaction
 * that stores it, with singletonKey `message:<id>` / `comment:<id>`; issue 11 registers its worker.
 */
export type AssistantRespondPayload = { kind: 'message'; messageId: string } | { kind: 'comment'; commentId: string };
export const assistantRespondJob = defineJob<AssistantRespondPayload>('assistant-respond', {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Every job kind; the runtime declares their queues at start-up, before any transaction sends to them. */
export const allJobs: readonly JobDefinition<object>[] = [
  sendEmailJob,
  instagramProcessJob,
  instagramRefreshTokensJob,
  assistantRespondJob,
];
