import { z } from '#contracts/zod.ts';
import { IntegrationError } from '../integration-error.ts';

/**
 * Instagram API with Instagram Login: token in, typed data out. No database, no logging:
 * tokens travel only in the Authorization header or the token endpoints' parameters, and never in an error.
 */

/** What a caller does about a failure. */
export type GraphErrorKind =
  /** 190: the token is invalid, expired or revoked. Reconnect; never retry. */
  | 'expired_token'
  /** 429 or codes 4, 17, 32, 613: back off and retry. */
  | 'rate_limited'
  /** 5xx, codes 1 and 2, or a network failure before the request was sent: retry with jitter. */
  | 'server_error'
  /** Any other 4xx: the request or its content was refused. Fail at once with Graph's message. */
  | 'refused'
  /**
   * No answer: the deadline passed, or the connection dropped after the request went out. The outcome is unknown
   * (the call may have happened): never resend blindly; ask the Conversations API first.
   */
  | 'timeout';

export class GraphError extends IntegrationError<GraphErrorKind> {
  override name = 'GraphError';
  readonly details: { status?: number; code?: number; subcode?: number; fbtraceId?: string };

  constructor(kind: GraphErrorKind, message: string, details: GraphError['details'] = {}) {
    super(kind, message);
    this.details = details;
  }

  /** Worth another try after a pause. */
  get isRetryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'server_error';
  }
}

const rateLimitCodes = new Set([4, 17, 32, 613]);
/** Connection failures before any byte of the request left (undici's `cause.code`). */
const notConnectedCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const transientCodes = new Set([1, 2]);

const graphErrorBodySchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    error_user_msg: z.string().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

// The OAuth endpoints answer errors in their own shape.
const oauthErrorBodySchema = z.object({
  error_message: z.string().optional(),
  error_type: z.string().optional(),
  code: z.number().optional(),
});

/** Sorts a non-2xx answer into a kind, keeping Graph's own message (it names the problem; it holds no token). */
export function classifyGraphFailure(status: number, body: unknown): GraphError {
  const parsed = graphErrorBodySchema.safeParse(body);
  const oauth = oauthErrorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.error.code : oauth.success ? oauth.data.code : undefined;
  const subcode = parsed.success ? parsed.data.error.error_subcode : undefined;
  const message =
    (parsed.success ? (parsed.data.error.error_user_msg ?? parsed.data.error.message) : undefined) ??
    (oauth.success ? oauth.data.error_message : undefined) ??
    `Instagram answered HTTP ${status}`;
  const details = {
    status,
    ...(code !== undefined ? { code } : {}),
    ...(subcode !== undefined ? { subcode } : {}),
    ...(parsed.success && parsed.data.error.fbtrace_id ? { fbtraceId: parsed.data.error.fbtrace_id } : {}),
  };
  if (code === 190) return new GraphError('expired_token', message, details);
  if (status === 429 || (code !== undefined && rateLimitCodes.has(code))) {
    return new GraphError('rate_limited', message, details);
  }
  if (status >= 500 || (code !== undefined && transientCodes.has(code))) {
    return new GraphError('server_error', message, details);
  }
  return new GraphError('refused', message, details);
}

const meSchema = z.object({
  user_id: z.union([z.string(), z.number()]).transform(String),
  username: z.string(),
});
const profileSchema = z.object({
  username: z.string().optional(),
  name: z.string().nullable().optional(),
});
const sendSchema = z.object({ recipient_id: z.string().optional(), message_id: z.string() });
const replySchema = z.object({ id: z.string() });
const successSchema = z.object({ success: z.boolean() });
/** Graph writes times as `2026-11-23T10:15:00+0000`; Date needs the offset's colon. */
const graphTimeSchema = z.string().transform((value, context) => {
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: 'custom', message: 'not a time' });
    return z.NEVER;
  }
  return date;
});
const conversationsSchema = z.object({
  data: z.array(z.object({ id: z.string(), updated_time: z.string().optional() })),
});
const conversationMessagesSchema = z.object({
  messages: z
    .object({ data: z.array(z.object({ id: z.string(), created_time: graphTimeSchema })) })
    .optional(),
});
const participantSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  username: z.string().optional(),
});
const messageDetailsSchema = z.object({
  id: z.string(),
  created_time: graphTimeSchema,
  from: participantSchema.optional(),
  to: z.object({ data: z.array(participantSchema) }).optional(),
  message: z.string().optional(),
});
const commentRepliesSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      text: z.string().optional(),
      timestamp: graphTimeSchema.optional(),
      username: z.string().optional(),
      from: participantSchema.optional(),
    }),
  ),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});
const longLivedSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
});
const shortLivedItemSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]).transform(String),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
// Wrapped in `data` or not; accept both.
const shortLivedSchema = z.union([
  z.object({ data: z.array(shortLivedItemSchema).min(1) }).transform((body) => body.data[0]!),
  shortLivedItemSchema,
]);

/** The `after` cursor of a paging URL (never fetched as is: it carries the token in its query). */
function afterOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('after');
  } catch {
    return null;
  }
}

export interface InstagramAccount {
  /** The professional account id (= entry.id in webhooks). */
  accountId: string;
  username: string;
}

export interface LongLivedToken {
  accessToken: string;
  expiresAt: Date;
}

export type SendRecipient = { id: string } | { commentId: string };

/** One message of a thread as the Conversations API describes it. */
export interface ConversationMessage {
  messageId: string;
  createdAt: Date;
  /** The sender's id: our account id for what we sent. */
  fromId: string | null;
  toIds: string[];
  /** Null for a share or an attachment without text. */
  text: string | null;
}

/** One reply under a comment, as GET /{comment-id}/replies describes it (IG Comment fields). */
export interface CommentReply {
  commentId: string;
  text: string | null;
  /** The author's id (`from.id`): our account id for our own replies. */
  fromId: string | null;
  username: string | null;
  createdAt: Date | null;
}

export interface GraphClientOptions {
  apiUrl: string;
  apiVersion: string;
  appId?: string | undefined;
  appSecret?: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  /** Per call; a call without an answer by then is a `timeout` (outcome unknown). */
  timeoutMs?: number;
  now?: () => number;
}

export const instagramScopes = [
  'instagram_business_basic',
  'instagram_business_manage_messages',
  'instagram_business_manage_comments',
] as const;

export function createInstagramGraphClient(options: GraphClientOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const versioned = (path: string) => `${options.apiUrl}/${options.apiVersion}${path}`;

  async function call<T>(
    schema: z.ZodType<T>,
    url: string,
    init: { method?: 'GET' | 'POST'; token?: string; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new GraphError('timeout', `Instagram did not answer within ${timeoutMs} ms`);
      }
      // Only a connection that was never made proves the request did not go out; a connection closed after the
      // request was written (a reset, "other side closed") may follow a send Instagram carried out.
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if (typeof code === 'string' && notConnectedCodes.has(code)) {
        throw new GraphError('server_error', 'Instagram could not be reached');
      }
      throw new GraphError('timeout', 'Instagram closed the connection before answering');
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new GraphError('timeout', `Instagram did not finish its answer within ${timeoutMs} ms`);
    }
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // A proxy's HTML error page, for example: classified by status below.
    }
    if (!response.ok) throw classifyGraphFailure(response.status, json);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new GraphError('server_error', 'Instagram answered in an unexpected shape', {
        status: response.status,
      });
    }
    return parsed.data;
  }

  function requireApp(): { appId: string; appSecret: string } {
    if (!options.appId || !options.appSecret) {
      throw new GraphError('refused', 'Instagram Login needs INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET');
    }
    return { appId: options.appId, appSecret: options.appSecret };
  }

  const toLongLived = (body: z.infer<typeof longLivedSchema>): LongLivedToken => ({
    accessToken: body.access_token,
    expiresAt: new Date(now() + body.expires_in * 1000),
  });

  return {
    /** The account the token belongs to. */
    async getMe(token: string): Promise<InstagramAccount> {
      const me = await call(meSchema, `${versioned('/me')}?fields=user_id,username`, { token });
      return { accountId: me.user_id, username: me.username };
    },

    /** Null when Instagram gives no username (consent missing is a `refused` error). */
    async getUserProfile(
      token: string,
      igsid: string,
    ): Promise<{ username: string | null; name: string | null }> {
      const profile = await call(
        profileSchema,
        `${versioned(`/${encodeURIComponent(igsid)}`)}?fields=name,username`,
        { token },
      );
      return { username: profile.username ?? null, name: profile.name ?? null };
    },

    /** A text DM, or a private reply when the recipient is a comment. Returns Graph's message id. */
    async sendMessage(
      token: string,
      input: { recipient: SendRecipient; text: string; humanAgentTag?: boolean },
    ): Promise<{ messageId: string }> {
      const recipient =
        'commentId' in input.recipient
          ? { comment_id: input.recipient.commentId }
          : { id: input.recipient.id };
      const sent = await call(sendSchema, versioned('/me/messages'), {
        method: 'POST',
        token,
        json: {
          recipient,
          message: { text: input.text },
          ...(input.humanAgentTag ? { tag: 'HUMAN_AGENT' } : {}),
        },
      });
      return { messageId: sent.message_id };
    },

    /** A public reply: the new comment's id. */
    async replyToComment(token: string, commentId: string, text: string): Promise<{ commentId: string }> {
      const url = `${versioned(`/${encodeURIComponent(commentId)}/replies`)}?${new URLSearchParams({ message: text })}`;
      const reply = await call(replySchema, url, { method: 'POST', token });
      return { commentId: reply.id };
    },

    /** The account's conversation with this customer (IGSID), or null when there is none. */
    async findConversation(token: string, igsid: string): Promise<{ conversationId: string } | null> {
      const query = new URLSearchParams({ platform: 'instagram', user_id: igsid });
      const found = await call(conversationsSchema, `${versioned('/me/conversations')}?${query}`, { token });
      const first = found.data[0];
      return first ? { conversationId: first.id } : null;
    },

    /** The thread's message ids with their times, as Graph lists them (newest first). */
    async listConversationMessages(
      token: string,
      conversationId: string,
    ): Promise<{ messageId: string; createdAt: Date }[]> {
      const thread = await call(
        conversationMessagesSchema,
        `${versioned(`/${encodeURIComponent(conversationId)}`)}?fields=messages`,
        { token },
      );
      return (thread.messages?.data ?? []).map((message) => ({
        messageId: message.id,
        createdAt: message.created_time,
      }));
    },

    /** One message's details (only the 20 most recent of a thread are readable; older ones are refused). */
    async getMessage(token: string, messageId: string): Promise<ConversationMessage> {
      const message = await call(
        messageDetailsSchema,
        `${versioned(`/${encodeURIComponent(messageId)}`)}?fields=id,created_time,from,to,message`,
        { token },
      );
      return {
        messageId: message.id,
        createdAt: message.created_time,
        fromId: message.from?.id ?? null,
        toIds: (message.to?.data ?? []).map((participant) => participant.id),
        text: message.message ?? null,
      };
    },

    /**
     * IG Comment Replies (`GET /{comment-id}/replies`): one page of the replies under a top-level comment, with the
     * cursor of the next page. `hasMore` without a cursor means more replies exist that cannot be read from here.
     * Public replies are checked against it (decision 023).
     */
    async listCommentReplies(
      token: string,
      commentId: string,
      page: { after?: string; limit?: number } = {},
    ): Promise<{ replies: CommentReply[]; hasMore: boolean; nextCursor: string | null }> {
      const query = new URLSearchParams({
        fields: 'id,text,timestamp,username,from',
        limit: String(page.limit ?? 50),
        ...(page.after ? { after: page.after } : {}),
      });
      const listed = await call(
        commentRepliesSchema,
        `${versioned(`/${encodeURIComponent(commentId)}/replies`)}?${query}`,
        { token },
      );
      const next = listed.paging?.next;
      return {
        replies: listed.data.map((reply) => ({
          commentId: reply.id,
          text: reply.text ?? null,
          fromId: reply.from?.id ?? null,
          username: reply.username ?? reply.from?.username ?? null,
          createdAt: reply.timestamp ?? null,
        })),
        // Graph gives cursors on every page, and `next` only when there is a next page.
        hasMore: Boolean(next),
        nextCursor: next ? (listed.paging?.cursors?.after ?? afterOf(next)) : null,
      };
    },

    /** Webhooks for this account's messages and comments. */
    async subscribeToWebhooks(token: string): Promise<void> {
      const result = await call(
        successSchema,
        `${versioned('/me/subscribed_apps')}?subscribed_fields=messages,comments`,
        { method: 'POST', token },
      );
      if (!result.success)
        throw new GraphError('refused', 'Instagram did not subscribe the account to webhooks');
    },

    /** Where the browser goes to log in. */
    buildAuthorizeUrl(input: { redirectUri: string; state: string }): string {
      const { appId } = requireApp();
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        enable_fb_login: '0',
        force_authentication: '1',
        client_id: appId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        state: input.state,
        scope: instagramScopes.join(','),
      }).toString();
      return url.toString();
    },

    /** The code for a short-lived token, then that for a long-lived one. */
    async exchangeCode(input: { code: string; redirectUri: string }): Promise<LongLivedToken> {
      const { appId, appSecret } = requireApp();
      // Step 2: the code arrives with a trailing "#_" in some browsers.
      const code = input.code.replace(/#_$/, '');
      const short = await call(shortLivedSchema, options.tokenUrl, {
        method: 'POST',
        form: {
          client_id: appId,
          client_secret: appSecret,
          grant_type: 'authorization_code',
          redirect_uri: input.redirectUri,
          code,
        },
      });
      const query = new URLSearchParams({
        grant_type: 'ig_exchange_token',
        client_secret: appSecret,
        access_token: short.access_token,
      });
      return toLongLived(await call(longLivedSchema, `${options.apiUrl}/access_token?${query}`));
    },

    /** A fresh long-lived token (the old one must be at least 24 h old and unexpired). */
    async refreshToken(token: string): Promise<LongLivedToken> {
      const query = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token });
      return toLongLived(await call(longLivedSchema, `${options.apiUrl}/refresh_access_token?${query}`));
    },
  };
}

export type InstagramGraphClient = ReturnType<typeof createInstagramGraphClient>;
