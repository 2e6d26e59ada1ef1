import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/index.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text content (for example an .ics invitation). */
  content: string;
  /** For calendar invitations: also send as an alternative text/calendar body part. */
  method?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A text/calendar alternative body (iTIP); mail clients show it as an invitation. */
  icalEvent?: { method: string; content: string; filename?: string };
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' writes to the outbox table and the log. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Database;
  log: Logger;
}

function toNodemailer(message: MailMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.icalEvent ? { icalEvent: message.icalEvent } : {}),
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        const info = await transporter.sendMail(toNodemailer(message, from));
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transporter.close(),
    };
  }

  // No SMTP server: build the exact MIME message anyway and keep it, so nothing is lost.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send(message) {
      const info = await builder.sendMail(toNodemailer(message, from));
      const raw = (info.message as Buffer).toString('utf8');
      const attachments = [
        ...(message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        ...(message.icalEvent
          ? [{ filename: message.icalEvent.filename ?? 'invite.ics', contentType: 'text/calendar' }]
          : []),
      ];
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        raw,
        attachments,
      });
      log.info({ to: message.to, subject: message.subject }, 'mail written to the outbox (no SMTP_URL set)');
    },
    close: () => builder.close(),
  };
}
