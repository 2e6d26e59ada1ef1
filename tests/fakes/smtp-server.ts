import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The whole message as received (RFC 5322). */
  raw: string;
}

export interface FakeSmtpServer {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** How many RCPT TO commands were refused so far. */
  refusedCount: number;
  /** Answer the next `count` deliveries with `451 4.3.0 Try again later` at RCPT TO (a temporary failure). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/**
 * An in-process SMTP server on 127.0.0.1 that speaks real SMTP (smtp-server), captures every message and
 * can be told to refuse deliveries for a while. Plain, like a local relay: no STARTTLS, no AUTH needed.
 */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  let refusals = 0;
  const state = { messages: [] as CapturedMail[], refusedCount: 0 };
  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        state.refusedCount += 1;
        const error = Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get messages() {
      return state.messages;
    },
    get refusedCount() {
      return state.refusedCount;
    },
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of the first MIME part with this content type (base64 or quoted-printable or plain). */
export function findMimePart(raw: string, contentType: string): string | null {
  const pattern = new RegExp(
    `Content-Type: ${contentType.replace('/', '\\/')}[^]*?\\r?\\n\\r?\\n([^]*?)(?=\\r?\\n--)`,
    'i',
  );
  const match = pattern.exec(raw);
  if (!match) return null;
  const headerEnd = raw.indexOf(match[1]!, match.index);
  const headers = raw.slice(match.index, headerEnd);
  const body = match[1]!;
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}
