import { z } from '#contracts/zod.ts';
import { parseEncryptionKey } from './security/secret-box.ts';

/**
 * The only reader of the environment. Parsed once; a bad value stops start-up with every problem listed.
 * Optional integrations switch on when their settings are present.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every setting: an empty variable counts as unset, so its default (or its absence) applies. */
const setting = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(emptyToUndefined, schema);

/** A `true` / `false` switch, off unless set to `true`. */
const flag = () =>
  setting(
    z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  );

/** An optional name, id or secret: present only when set to something. */
const optionalText = () => setting(z.string().min(1).optional());

/** A whole number from `min` to `max` (seconds, days, counts). */
const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An http:// or https:// address. */
const httpUrl = () => z.url({ protocol: /^https?$/ });

const configSchema = z
  .object({
    PORT: setting(
      z.coerce
        .number({ error: 'must be a port number from 0 to 65535' })
        .int('must be a whole number')
        .min(0, 'must be a port number from 0 to 65535')
        .max(65535, 'must be a port number from 0 to 65535')
        .default(3000),
    ),
    HOST: setting(z.string().min(1).default('127.0.0.1')),
    DATA_DIR: setting(z.string().min(1).default('./data')),
    DATABASE_URL: setting(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    /**
     * Connections the app keeps open to PostgreSQL (DATABASE_URL): requests wait for one in the app rather than
     * crowd the database's cores (decision 063).
     */
    DATABASE_POOL_SIZE: setting(wholeNumber(1, 200).default(10)),
    LOG_LEVEL: setting(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    PUBLIC_URL: setting(httpUrl().optional()),
    /** Ceilings on what one account creates: a clear 409 beyond them. */
    MAX_BRANDS_PER_WORKSPACE: setting(z.coerce.number().int().min(1).default(200)),
    MAX_RULES_PER_BRAND: setting(z.coerce.number().int().min(1).default(100)),
    /** `production` turns start-up warnings on for settings that are only safe in development. */
    NODE_ENV: setting(z.string().optional()),
    /** Where the built client lives; the server serves it when present. */
    CLIENT_DIST_DIR: setting(z.string().min(1).default('./dist/client')),
    SMTP_URL: setting(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: setting(z.string().min(3).default('Voicecart <hello@voicecart.app>')),
    /** Set when a reverse proxy sits in front, so client addresses (rate limits) come from X-Forwarded-For. */
    TRUST_PROXY: flag(),
    /** How often job workers poll, in seconds (pg-boss allows 0.5 and up). */
    JOB_POLL_SECONDS: setting(z.coerce.number().min(0.5).max(60).default(2)),
    /** Seconds before a failed job's first retry (then doubling); unset keeps each job's own policy (email: 30). */
    JOB_RETRY_DELAY_SECONDS: setting(wholeNumber(1, 3600).optional()),
    /** Demo start times, Pacific time (America/Los_Angeles), 24-hour HH:mm, comma-separated. */
    DEMO_SLOT_TIMES: setting(
      z
        .string()
        .default('09:00,10:00,11:00,12:00,13:00,14:00,15:00,16:00')
        .transform((value) => value.split(',').map((time) => time.trim()))
        .pipe(
          z
            .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be 24-hour times like 09:00,10:30'))
            .min(1, 'must list at least one time')
            .refine((times) => new Set(times).size === times.length, 'must not repeat a time')
            .transform((times) => [...times].sort()),
        ),
    ),
    /** Length of one demo in minutes (the calendar invitation's end). */
    DEMO_SLOT_MINUTES: setting(wholeNumber(5, 240).default(30)),
    /** Sales inbox told about every new booking; unset sends no notification. */
    DEMO_NOTIFY_EMAIL: setting(z.email('must be an email address').optional()),
    // Demo booking limits (decision 031): counted in the database over the last 24 hours, so they hold across instances.
    /** Bookings one email may make in 24 hours. */
    DEMO_BOOKINGS_PER_EMAIL_PER_DAY: setting(z.coerce.number().int().min(1).default(3)),
    /** Bookings one address (an IPv6 /64) may make in 24 hours; at least 5, so an office behind one address can book. */
    DEMO_BOOKINGS_PER_ADDRESS_PER_DAY: setting(
      z.coerce.number().int().min(5, 'must be at least 5 (an office shares one address)').default(10),
    ),
    /** Bookings everyone together may make in 24 hours: a ceiling on the mail the form can make us send. */
    DEMO_BOOKINGS_PER_DAY: setting(z.coerce.number().int().min(1).default(200)),
    /** Bookings from one address in 24 hours that are confirmed at once; later ones are held for confirmation. */
    DEMO_CONFIRM_AFTER_PER_ADDRESS: setting(z.coerce.number().int().min(0).default(5)),
    /** Minutes a held booking waits for its email's confirmation link before its slot is released. */
    DEMO_CONFIRM_MINUTES: setting(wholeNumber(5, 1440).default(30)),
    /** OpenID Connect sign-in (production). All three set: /api/login goes to the provider; none: embedded accounts. */
    OIDC_ISSUER_URL: setting(httpUrl().optional()),
    OIDC_CLIENT_ID: optionalText(),
    OIDC_CLIENT_SECRET: optionalText(),
    /**
     * Key for secrets at rest (Instagram tokens, store credentials): base64 of 32 bytes. Unset: a key file in DATA_DIR
     * on the embedded database; on PostgreSQL connecting a channel or store is refused until it is set.
     */
    ENCRYPTION_KEY: setting(
      z
        .string()
        .transform((value, context) => {
          const key = parseEncryptionKey(value);
          if (typeof key === 'string') {
            context.addIssue({ code: 'custom', message: key });
            return z.NEVER;
          }
          return key;
        })
        .optional(),
    ),
    // The dashboard's live events (GET /api/events).
    /** Seconds between heartbeat lines on an open live-events stream (keeps proxies from closing it). */
    LIVE_EVENTS_HEARTBEAT_SECONDS: setting(z.coerce.number().min(0.05).max(300).default(15)),
    /**
     * Decision 020: seconds a live event is kept for a reconnecting browser to replay (Last-Event-ID). A browser
     * away longer is told to refetch everything, which is as correct and, after that long, about as cheap.
     */
    LIVE_EVENTS_RETENTION_SECONDS: setting(wholeNumber(60, 604_800).default(3600)),
    // --- Analytics: the roll-up job (decision 028) ---
    /** How often the analytics roll-up takes the recorded changes, in seconds (the figures lag by at most this). */
    ANALYTICS_ROLLUP_EVERY_SECONDS: setting(wholeNumber(1, 3_600).default(30)),
    /**
     * Decision 049: how often the `webhooks-dispatch` job sends the deliveries that events recorded since its last run
     * (once per period across all server processes); a workspace's endpoints hear of an event within about this.
     */
    WEBHOOKS_DISPATCH_EVERY_SECONDS: setting(wholeNumber(1, 3_600).default(5)),
    // --- Backups of the embedded database (src/server/db/backup.ts) ---
    /** How many periodic backups of the embedded database to keep; 0 turns the periodic backup off. */
    BACKUP_KEEP: setting(wholeNumber(0, 1000).default(7)),
    /** Where periodic backups go; default DATA_DIR/backups. */
    BACKUP_DIR: optionalText(),
    /** Hours between periodic backups. */
    BACKUP_EVERY_HOURS: setting(z.coerce.number().min(0.01).max(720).default(24)),
    // --- Retention: the prune-old-rows job (decisions 008 and 020) ---
    /** How often old rows are pruned, in seconds (one run per period across processes). */
    PRUNE_EVERY_SECONDS: setting(wholeNumber(1, 86_400).default(300)),
    /** Days a notification stays once it was read (unread ones stay until read). */
    NOTIFICATIONS_RETENTION_DAYS: setting(wholeNumber(1, 3650).default(90)),
    /**
     * Days an address a user signed in from keeps sparing the right password from that address's failures after its
     * last sign-in there; one row per user and address is written at every sign-in.
     */
    LOGIN_SUCCESSES_RETENTION_DAYS: setting(wholeNumber(1, 3650).default(180)),
    // --- Instagram channel ---
    /** The Instagram app's secret: the key of X-Hub-Signature-256 on webhooks, and the OAuth client secret. */
    INSTAGRAM_APP_SECRET: optionalText(),
    /** The string Meta sends back in the webhook handshake (hub.verify_token); unset refuses every handshake. */
    INSTAGRAM_VERIFY_TOKEN: optionalText(),
    /** The Instagram app id (OAuth client_id); with INSTAGRAM_APP_SECRET it enables "Connect with Instagram". */
    INSTAGRAM_APP_ID: optionalText(),
    /** Graph host; every call goes to `${INSTAGRAM_API_URL}/${INSTAGRAM_API_VERSION}/…` (tests point it at a fake). */
    INSTAGRAM_API_URL: setting(
      httpUrl()
        .default('https://graph.instagram.com')
        .transform((url) => url.replace(/\/+$/, '')),
    ),
    /** Pinned Graph version: read the changelog before bumping. */
    INSTAGRAM_API_VERSION: setting(
      z
        .string()
        .regex(/^v\d+\.\d+$/, 'must look like v25.0')
        .default('v25.0'),
    ),
    /** Instagram Login's authorize page (the browser is sent there). */
    INSTAGRAM_OAUTH_AUTHORIZE_URL: setting(httpUrl().default('https://www.instagram.com/oauth/authorize')),
    /** Instagram Login's code exchange endpoint (short-lived token). */
    INSTAGRAM_OAUTH_TOKEN_URL: setting(httpUrl().default('https://api.instagram.com/oauth/access_token')),
    /** `true` lets a person reply 24 h to 7 days after the customer's message with the HUMAN_AGENT tag (needs Meta's approval). */
    INSTAGRAM_HUMAN_AGENT_TAG: flag(),
    /**
     * Decision 023: seconds a send (a direct message or a comment reply) must have stayed queued or unknown (since
     * its sender last touched it) before the send reconciler asks Instagram whether it left, and resends it if not.
     * Keep it above one Graph call (10 s deadline) plus the send budget's wait (5 s), so a send still in flight is
     * never taken for a dead one.
     */
    SEND_RECONCILE_AFTER_SECONDS: setting(wholeNumber(1, 86_400).default(60)),
    /** Decision 023: how often the send reconciler runs, in seconds (one run per period across processes). */
    SEND_RECONCILE_EVERY_SECONDS: setting(wholeNumber(1, 3600).default(60)),
    /**
     * Decision 008: days a processed webhook event stays in the inbox. Its dedupe key is what turns Instagram's
     * redeliveries (retried for up to 36 hours) into no-ops, so at least 2 days.
     */
    INSTAGRAM_EVENTS_RETENTION_DAYS: setting(
      z.coerce
        .number()
        .int()
        .min(2, 'must be at least 2: Instagram redelivers a webhook for up to 36 hours')
        .max(3650)
        .default(30),
    ),
    // ---- Stores ----
    /** Shopify Admin API version pinned for every call. */
    SHOPIFY_API_VERSION: setting(
      z
        .string()
        .regex(/^\d{4}-\d{2}$/)
        .default('2026-10'),
    ),
    /** Shopify app client secret: the key of webhook HMACs and of the OAuth install. Unset: Shopify webhooks answer 503. */
    SHOPIFY_API_SECRET: optionalText(),
    /**
     * Decision 032: a Shopify delivery whose X-Shopify-Triggered-At is further back than this (or over 5 minutes
     * ahead, or missing) is acknowledged and not applied. Default 48 hours: Shopify's own retries span that long.
     */
    SHOPIFY_WEBHOOK_MAX_AGE_SECONDS: setting(wholeNumber(60, 604_800).default(172_800)),
    /** Shopify app client id (OAuth install). */
    SHOPIFY_API_KEY: optionalText(),
    /** `true` lets a store address be plain http://127.0.0.1:PORT (development and tests only); otherwise https and public addresses only. */
    ALLOW_LOOPBACK_STORES: flag(),
    /** `true` lets a webhook endpoint be plain `http://127.0.0.1:PORT` (development and tests only), as for stores. */
    ALLOW_LOOPBACK_WEBHOOKS: flag(),
    // ---- The assistant's LLM composer. Unset: the embedded composer. ----
    /** An OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
    LLM_BASE_URL: setting(httpUrl().optional()),
    /** The model name the server knows, e.g. gpt-4.1-mini or llama3.1. Needed with LLM_BASE_URL. */
    LLM_MODEL: setting(z.string().min(1).max(200).optional()),
    /** The API key where the server needs one (OpenAI); local servers ignore it. */
    LLM_API_KEY: optionalText(),
    /** The whole LLM reply (every tool round) must finish within this, else the embedded reply is sent. */
    LLM_TIMEOUT_MS: setting(wholeNumber(500, 60_000).default(8000)),
    /** Seconds between job-queue maintenance runs, which retry the jobs of a crashed process once they expire (tests). */
    JOB_MAINTENANCE_SECONDS: setting(wholeNumber(1, 3600).optional()),
    /**
     * Caps every job's expiry in seconds, so a killed process's jobs come back sooner (tests). Unset keeps each
     * job's own (e.g. instagram-process 120 s). A job that outlives it runs again: every job is idempotent.
     */
    JOB_EXPIRE_SECONDS: setting(wholeNumber(5, 86_400).optional()),
  })
  .superRefine((config, context) => {
    if ((config.LLM_BASE_URL === undefined) !== (config.LLM_MODEL === undefined)) {
      const missing = config.LLM_BASE_URL === undefined ? 'LLM_BASE_URL' : 'LLM_MODEL';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required when ${missing === 'LLM_MODEL' ? 'LLM_BASE_URL' : 'LLM_MODEL'} is set`,
      });
    }
    const oidc = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
    const set = oidc.filter((name) => config[name] !== undefined);
    if (set.length > 0 && set.length < oidc.length) {
      for (const name of oidc.filter((n) => config[n] === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when ${set.join(' and ')} is set`,
        });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** The app is served over HTTPS when its public URL says so; cookies are then marked Secure. */
export function isSecureOrigin(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return config.PUBLIC_URL?.startsWith('https://') ?? false;
}

/**
 * The address emailed links and the addresses handed to stores point at: `PUBLIC_URL`, else this machine on the
 * configured port. Never taken from a request's Host header, which the sender controls.
 */
export function appUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** The OpenID Connect settings when all three are present, else null (embedded accounts). */
export function getOidcSettings(
  config: Pick<Config, 'OIDC_ISSUER_URL' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET'>,
): { issuerUrl: string; clientId: string; clientSecret: string } | null {
  if (!config.OIDC_ISSUER_URL || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  return {
    issuerUrl: config.OIDC_ISSUER_URL,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
  };
}
