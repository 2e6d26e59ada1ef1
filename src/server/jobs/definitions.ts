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

/** Every job kind; the runtime declares their queues at start-up, before any transaction sends to them. */
export const allJobs: readonly JobDefinition<object>[] = [sendEmailJob];
