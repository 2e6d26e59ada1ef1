import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback.ts';

/**
 * An Instagram Graph stand-in on 127.0.0.1 speaking the subset Voicecart uses: /me,
 * the user profile, /me/messages (DMs and private replies), /{comment}/replies, /me/subscribed_apps, the
 * OAuth code exchange, the long-lived exchange and the refresh, the Conversations API over the DMs and
 * private replies it was sent, and GET /{comment}/replies over the comments it was told of and the replies it was
 * sent. It records every call, fails on demand, and can post signed webhook deliveries (echoes included) to our
 * server.
 */

export interface RecordedCall {
  method: string;
  /** Path without the version prefix, e.g. `/me/messages`. */
  path: string;
  version: string | null;
  query: Record<string, string>;
  body: unknown;
  /** The Bearer token, or the access_token parameter. */
  token: string | null;
  /** 200 when answered normally; the failure status otherwise; 0 for a hang or a dropped connection. */
  status: number;
  /** When the request arrived (ms since the epoch). */
  at: number;
}

export type FailureKind =
  | 'http429'
  | 'http500'
  /** HTTP 400 with error code 190 (expired token). */
  | 'code190'
  /** HTTP 400 with code 4 (app rate limit). */
  | 'code4'
  /** HTTP 400 with code 100 and a message: a content error. */
  | 'content'
  /** HTTP 400 code 10 subcode 2018278: outside the messaging window. */
  | 'window'
  /**
   * Accept the request and never answer (the client times out). A send (DM, private reply, public reply) still
   * "happens": it left, unanswered.
   */
  | 'hang'
  /**
   * A send (DM, private reply, public reply) happens, then the connection is dropped before the answer: it left,
   * and the answer is lost.
   */
  | 'answerLost'
  /** Accept the request, never answer and carry out nothing (the client times out): it never left. */
  | 'lostRequest';

export interface FakeAccount {
  accountId: string;
  username: string;
  token: string;
}

/** A comment on an account's media, as the fake knows it (the webhook itself is posted by the test). */
export interface FakeComment {
  accountId: string;
  commentId: string;
  /** The commenter's IGSID (the webhook's `from.id`): a private reply lands in the thread with them. */
  fromId: string;
  username?: string;
  text?: string;
  /** A reply under this top-level comment (GET /{parentId}/replies lists it). */
  parentId?: string;
}

/** A public reply posted through POST /{comment-id}/replies. */
export interface FakePublicReply {
  replyId: string;
  /** The comment replied to (the top-level one). */
  commentId: string;
  text: string;
  accountId: string;
  createdAt: number;
}

export interface FakeInstagramGraph {
  /** `http://127.0.0.1:<port>`: INSTAGRAM_API_URL. */
  url: string;
  /** OAuth URLs to put in INSTAGRAM_OAUTH_AUTHORIZE_URL and INSTAGRAM_OAUTH_TOKEN_URL. */
  authorizeUrl: string;
  tokenUrl: string;
  calls: RecordedCall[];
  /** Adds an account; its token answers /me. */
  addAccount(account: Partial<FakeAccount> & { accountId: string; username: string }): FakeAccount;
  /**
   * A comment on the account's media: private replies to it go into the commenter's thread (Conversations API),
   * and one with a `parentId` is listed among that comment's replies.
   */
  addComment(comment: FakeComment): void;
  /** Public replies posted through /{comment-id}/replies, in order. */
  publicReplies(): FakePublicReply[];
  /** Profiles the User Profile API returns, by IGSID. Unknown IGSIDs answer the consent error. */
  setProfile(igsid: string, username: string): void;
  /** The next `count` calls whose path matches (all when omitted) fail this way. */
  failNext(kind: FailureKind, options?: { count?: number; path?: RegExp }): void;
  /**
   * Answers to calls whose path matches (all when omitted) are written this long after the call was carried out,
   * as a busy Graph would: a send has happened while its caller still waits. 0 turns it off.
   */
  setLatency(ms: number, path?: RegExp): void;
  /** Echoes of our sends are posted to this webhook automatically (signed), like Instagram does. */
  enableEchoes(options: { webhookUrl: string; appSecret: string; delayMs?: number }): void;
  /** Posts a signed webhook body to our server; returns its status. */
  postWebhook(webhookUrl: string, appSecret: string, payload: unknown): Promise<number>;
  /** Messages sent through /me/messages, in order. */
  sentMessages(): {
    recipient: Record<string, string>;
    text: string;
    tag?: string;
    messageId: string;
    accountId: string;
    /** Graph's created_time, in ms. */
    createdAt: number;
  }[];
  /** Codes the authorize page hands out: the next one belongs to this account. */
  nextAuthorizationFor(accountId: string): void;
  close(): Promise<void>;
}

export const signWebhookBody = (appSecret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/** A webhook delivery of one `comments` change on the account, as Meta sends it. */
export function commentPayload(
  accountId: string,
  value: Record<string, unknown>,
  time = Math.floor(Date.now() / 1000),
) {
  return { object: 'instagram', entry: [{ id: accountId, time, changes: [{ field: 'comments', value }] }] };
}

export async function startFakeInstagramGraph(): Promise<FakeInstagramGraph> {
  const accountsByToken = new Map<string, FakeAccount>();
  const profiles = new Map<string, string>();
  const calls: RecordedCall[] = [];
  const failures: { kind: FailureKind; count: number; path?: RegExp }[] = [];
  const sent: ReturnType<FakeInstagramGraph['sentMessages']> = [];
  const codes = new Map<string, string>(); // code -> accountId
  const shortTokens = new Map<string, string>(); // short token -> accountId
  const hanging = new Set<ServerResponse>();
  // The Conversations API's view: one thread per (account, IGSID) holding the DMs sent to it.
  const conversationIds = new Map<string, string>(); // `${accountId}|${igsid}` -> conversation id
  const threads = new Map<string, { accountId: string; igsid: string; messageIds: string[] }>();
  const threadOfMessage = new Map<string, string>(); // message id -> conversation id
  const comments = new Map<string, FakeComment & { addedAt: number }>();
  const publicReplies: FakePublicReply[] = [];
  let nextAuthorizationAccount: string | null = null;
  let echoes: { webhookUrl: string; appSecret: string; delayMs: number } | null = null;
  let counter = 0;
  let latency: { ms: number; path?: RegExp | undefined } = { ms: 0 };

  const newToken = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

  const errorBody = (kind: FailureKind): [number, unknown] => {
    switch (kind) {
      case 'http429':
        return [429, { error: { message: 'Too many calls', type: 'OAuthException', code: 613 } }];
      case 'http500':
        return [
          500,
          {
            error: {
              message: 'An unknown error occurred',
              type: 'OAuthException',
              code: 1,
              is_transient: true,
            },
          },
        ];
      case 'code190':
        return [
          400,
          {
            error: {
              message: 'Error validating access token: Session has expired',
              type: 'OAuthException',
              code: 190,
              error_subcode: 463,
            },
          },
        ];
      case 'code4':
        return [
          400,
          { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } },
        ];
      case 'window':
        return [
          400,
          {
            error: {
              message: 'This message is sent outside of allowed window.',
              type: 'OAuthException',
              code: 10,
              error_subcode: 2018278,
            },
          },
        ];
      default:
        return [
          400,
          { error: { message: 'The message text is invalid', type: 'OAuthException', code: 100 } },
        ];
    }
  };

  async function postWebhook(webhookUrl: string, appSecret: string, payload: unknown): Promise<number> {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWebhookBody(appSecret, body),
      },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  function scheduleEcho(account: FakeAccount, recipient: string, messageId: string, text: string) {
    if (!echoes) return;
    const target = echoes;
    const payload = {
      object: 'instagram',
      entry: [
        {
          id: account.accountId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: account.accountId },
              recipient: { id: recipient },
              timestamp: Date.now(),
              message: { mid: messageId, text, is_echo: true },
            },
          ],
        },
      ],
    };
    setTimeout(() => {
      postWebhook(target.webhookUrl, target.appSecret, payload).catch(() => {});
    }, target.delayMs);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    let body: unknown = raw;
    if ((request.headers['content-type'] ?? '').includes('application/json')) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    } else if ((request.headers['content-type'] ?? '').includes('x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(raw));
    }
    const versionMatch = /^\/(v\d+\.\d+)(\/.*)$/.exec(url.pathname);
    const version = versionMatch?.[1] ?? null;
    const path = versionMatch?.[2] ?? url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
    const token = bearer ?? query.access_token ?? null;
    const call: RecordedCall = {
      method: request.method ?? 'GET',
      path,
      version,
      query,
      body,
      token,
      status: 200,
      at: Date.now(),
    };
    calls.push(call);

    const send = (status: number, payload: unknown) => {
      call.status = status;
      const write = () => {
        if (response.destroyed) return; // the client gave up, or the fake was closed meanwhile
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (latency.ms > 0 && (!latency.path || latency.path.test(path))) setTimeout(write, latency.ms);
      else write();
    };

    const failure = failures.find((f) => f.count > 0 && (!f.path || f.path.test(path)));
    if (failure) {
      failure.count -= 1;
      if (failure.kind === 'hang' || failure.kind === 'answerLost' || failure.kind === 'lostRequest') {
        call.status = 0;
        // hang and answerLost: the send is processed though no answer comes back (why a timeout is never resent
        // blindly); lostRequest: nothing is.
        if (failure.kind !== 'lostRequest' && request.method === 'POST') {
          if (path === '/me/messages') recordSend(token, body);
          const repliedTo = /^\/([^/]+)\/replies$/.exec(path);
          if (repliedTo && query.message)
            recordReply(token, decodeURIComponent(repliedTo[1]!), query.message);
        }
        if (failure.kind === 'answerLost') {
          request.socket.destroy();
          return;
        }
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      const [status, payload] = errorBody(failure.kind);
      return send(status, payload);
    }

    // OAuth (unversioned)
    if (path === '/oauth/authorize') {
      const accountId = nextAuthorizationAccount ?? [...accountsByToken.values()][0]?.accountId;
      if (!accountId) return send(400, { error_message: 'no account to log in' });
      const code = newToken('code-');
      codes.set(code, accountId);
      const redirect = new URL(query.redirect_uri ?? '');
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', query.state ?? '');
      call.status = 302;
      response.writeHead(302, { location: `${redirect.toString()}#_` });
      return response.end();
    }
    if (path === '/oauth/access_token' && request.method === 'POST') {
      const form = body as Record<string, string>;
      const accountId = codes.get(form.code ?? '');
      if (!accountId || form.grant_type !== 'authorization_code') {
        return send(400, {
          error_type: 'OAuthException',
          code: 400,
          error_message: 'Invalid authorization code',
        });
      }
      codes.delete(form.code!);
      const short = newToken('short-');
      shortTokens.set(short, accountId);
      return send(200, {
        data: [
          {
            access_token: short,
            user_id: `app-scoped-${accountId}`,
            permissions: 'instagram_business_basic',
          },
        ],
      });
    }
    if (path === '/access_token' && version === null) {
      const accountId = shortTokens.get(query.access_token ?? '');
      if (!accountId || query.grant_type !== 'ig_exchange_token') return send(...errorBody('code190'));
      shortTokens.delete(query.access_token!);
      const existing = [...accountsByToken.values()].find((a) => a.accountId === accountId)!;
      const long = newToken('long-');
      accountsByToken.set(long, { ...existing, token: long });
      return send(200, { access_token: long, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (path === '/refresh_access_token' && version === null) {
      const account = accountsByToken.get(query.access_token ?? '');
      if (!account || query.grant_type !== 'ig_refresh_token') return send(...errorBody('code190'));
      const fresh = newToken('refreshed-');
      accountsByToken.set(fresh, { ...account, token: fresh });
      return send(200, { access_token: fresh, token_type: 'bearer', expires_in: 5_184_000 });
    }

    // Graph (versioned, Bearer token)
    const account = token ? accountsByToken.get(token) : undefined;
    if (!version) return send(404, { error: { message: 'Unknown path', code: 803 } });
    if (!account) return send(...errorBody('code190'));

    if (path === '/me' && request.method === 'GET') {
      return send(200, {
        user_id: account.accountId,
        username: account.username,
        id: `app-${account.accountId}`,
      });
    }
    if (path === '/me/subscribed_apps' && request.method === 'POST') return send(200, { success: true });
    if (path === '/me/messages' && request.method === 'POST') {
      const payload = body as { recipient?: Record<string, string>; message?: { text?: string } };
      const text = payload?.message?.text;
      if (!payload?.recipient || typeof text !== 'string' || text.length === 0)
        return send(...errorBody('content'));
      if (Buffer.byteLength(text, 'utf8') > 1000) {
        return send(400, { error: { message: 'Message text exceeds 1000 bytes', code: 100 } });
      }
      const messageId = recordSend(token, body)!;
      const recipientId =
        payload.recipient.id ?? comments.get(payload.recipient.comment_id ?? '')?.fromId ?? 'from-comment';
      return send(200, { recipient_id: recipientId, message_id: messageId });
    }
    if (path === '/me/conversations' && request.method === 'GET') {
      if (query.platform !== 'instagram') {
        return send(400, { error: { message: '(#100) platform must be instagram', code: 100 } });
      }
      const data = [...threads.entries()]
        .filter(([, thread]) => thread.accountId === account.accountId)
        .filter(([, thread]) => !query.user_id || thread.igsid === query.user_id)
        .map(([id, thread]) => ({
          id,
          updated_time: graphTime(sentById(thread.messageIds.at(-1)!)!.createdAt),
        }));
      return send(200, { data });
    }
    const replies = /^\/([^/]+)\/replies$/.exec(path);
    if (replies && request.method === 'POST') {
      if (!query.message) return send(...errorBody('content'));
      return send(200, { id: recordReply(token, decodeURIComponent(replies[1]!), query.message) });
    }
    if (replies && request.method === 'GET')
      return send(200, listReplies(decodeURIComponent(replies[1]!), query));
    const node = /^\/([^/]+)$/.exec(path);
    const thread = node ? threads.get(decodeURIComponent(node[1]!)) : undefined;
    if (node && thread && request.method === 'GET' && thread.accountId === account.accountId) {
      if (query.fields !== 'messages') return send(400, { error: { message: 'Unknown fields', code: 100 } });
      // Newest first, as Graph lists them.
      const data = [...thread.messageIds]
        .reverse()
        .map((id) => ({ id, created_time: graphTime(sentById(id)!.createdAt) }));
      return send(200, { messages: { data }, id: decodeURIComponent(node[1]!) });
    }
    const message = node ? sentById(decodeURIComponent(node[1]!)) : undefined;
    if (node && message && request.method === 'GET' && message.accountId === account.accountId) {
      const owner = threads.get(threadOfMessage.get(message.messageId) ?? '');
      // Details only for the 20 most recent messages of a thread.
      if (owner && owner.messageIds.indexOf(message.messageId) < owner.messageIds.length - 20) {
        return send(400, { error: { message: 'This message has been deleted', code: 100 } });
      }
      return send(200, {
        id: message.messageId,
        created_time: graphTime(message.createdAt),
        from: { id: account.accountId, username: account.username },
        to: { data: [{ id: owner?.igsid ?? message.recipient.id }] },
        message: message.text,
      });
    }
    const profile = node;
    if (profile && request.method === 'GET') {
      const username = profiles.get(decodeURIComponent(profile[1]!));
      if (!username)
        return send(400, {
          error: { message: 'User consent is required to access user profile', code: 230 },
        });
      return send(200, { username, name: null });
    }
    return send(404, { error: { message: 'Unknown path', code: 803 } });
  });

  function recordSend(token: string | null, body: unknown): string | undefined {
    const account = token ? accountsByToken.get(token) : undefined;
    if (!account) return undefined;
    const payload = body as { recipient: Record<string, string>; message: { text: string }; tag?: string };
    counter += 1;
    const messageId = `mid.fake.${counter}.${randomBytes(4).toString('hex')}`;
    sent.push({
      recipient: payload.recipient,
      text: payload.message.text,
      ...(payload.tag ? { tag: payload.tag } : {}),
      messageId,
      accountId: account.accountId,
      createdAt: Date.now(),
    });
    sentIndex.set(messageId, sent.at(-1)!);
    // A private reply opens (or joins) the DM thread with the commenter, when the fake knows the comment.
    const commented = comments.get(payload.recipient.comment_id ?? '');
    const igsid =
      payload.recipient.id ?? (commented?.accountId === account.accountId ? commented.fromId : undefined);
    if (igsid) {
      const threadKey = `${account.accountId}|${igsid}`;
      let conversationId = conversationIds.get(threadKey);
      if (!conversationId) {
        conversationId = `conv.fake.${conversationIds.size + 1}.${randomBytes(4).toString('hex')}`;
        conversationIds.set(threadKey, conversationId);
        threads.set(conversationId, { accountId: account.accountId, igsid, messageIds: [] });
      }
      threads.get(conversationId)!.messageIds.push(messageId);
      threadOfMessage.set(messageId, conversationId);
    }
    const recipientId = igsid ?? `igsid-of-comment-${payload.recipient.comment_id}`;
    scheduleEcho(account, recipientId, messageId, payload.message.text);
    return messageId;
  }

  /** A public reply: a new comment under the top-level one (a reply to a reply attaches there). */
  function recordReply(token: string | null, commentId: string, text: string): string | undefined {
    const account = token ? accountsByToken.get(token) : undefined;
    if (!account) return undefined;
    counter += 1;
    const replyId = `reply-${counter}`;
    const topLevel = comments.get(commentId)?.parentId ?? commentId;
    publicReplies.push({
      replyId,
      commentId: topLevel,
      text,
      accountId: account.accountId,
      createdAt: Date.now(),
    });
    return replyId;
  }

  /**
   * IG Comment Replies, oldest first: the comments the test added under it and the account's public replies.
   * `fields` picks the fields (id, text and timestamp by default); `limit` and the `after` cursor page it.
   */
  function listReplies(commentId: string, query: Record<string, string>) {
    const all = [
      ...[...comments.values()]
        .filter((comment) => comment.parentId === commentId)
        .map((comment) => ({
          id: comment.commentId,
          text: comment.text ?? '',
          timestamp: comment.addedAt,
          username: comment.username ?? comment.fromId,
          from: { id: comment.fromId, username: comment.username ?? comment.fromId },
        })),
      ...publicReplies
        .filter((reply) => reply.commentId === commentId)
        .map((reply) => {
          const account = [...accountsByToken.values()].find((a) => a.accountId === reply.accountId)!;
          return {
            id: reply.replyId,
            text: reply.text,
            timestamp: reply.createdAt,
            username: account.username,
            from: { id: account.accountId, username: account.username },
          };
        }),
    ].sort((a, b) => a.timestamp - b.timestamp);
    const fields = (query.fields ?? 'id,text,timestamp').split(',');
    const limit = Math.max(1, Math.min(100, Number(query.limit ?? 25) || 25));
    const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) : 0;
    const page = all
      .slice(start, start + limit)
      .map((reply) =>
        Object.fromEntries(
          Object.entries({ ...reply, timestamp: graphTime(reply.timestamp) }).filter(
            ([field]) => field === 'id' || fields.includes(field),
          ),
        ),
      );
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const after = cursor(start + page.length);
    return {
      data: page,
      paging: {
        cursors: { before: cursor(start), after },
        ...(start + page.length < all.length
          ? { next: `${url}/v25.0/${encodeURIComponent(commentId)}/replies?after=${after}&limit=${limit}` }
          : {}),
      },
    };
  }

  const sentIndex = new Map<string, (typeof sent)[number]>();
  const sentById = (messageId: string) => sentIndex.get(messageId);
  /** Graph's time format: `2026-11-23T10:15:00+0000` (whole seconds). */
  const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

  const port = await listenOnLoopback(server);
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    authorizeUrl: `${url}/oauth/authorize`,
    tokenUrl: `${url}/oauth/access_token`,
    calls,
    addAccount(input) {
      const account = {
        token: input.token ?? newToken('token-'),
        accountId: input.accountId,
        username: input.username,
      };
      accountsByToken.set(account.token, account);
      return account;
    },
    addComment(comment) {
      comments.set(comment.commentId, { ...comment, addedAt: Date.now() });
    },
    publicReplies: () => publicReplies,
    setProfile(igsid, username) {
      profiles.set(igsid, username);
    },
    failNext(kind, options = {}) {
      failures.push({ kind, count: options.count ?? 1, ...(options.path ? { path: options.path } : {}) });
    },
    setLatency(ms, path) {
      latency = { ms, path };
    },
    enableEchoes(options) {
      echoes = {
        webhookUrl: options.webhookUrl,
        appSecret: options.appSecret,
        delayMs: options.delayMs ?? 0,
      };
    },
    postWebhook,
    sentMessages: () => sent,
    nextAuthorizationFor(accountId) {
      nextAuthorizationAccount = accountId;
    },
    async close() {
      for (const response of hanging) response.destroy();
      await closeServer(server);
    },
  };
}
