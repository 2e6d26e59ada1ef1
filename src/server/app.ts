import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '#contracts/limits.ts';
import { isSecureOrigin, type Config } from '#server/config.ts';
import { createLoggerOptions, redactUrl } from '#server/logging.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { authPlugin } from '#server/plugins/auth.ts';
import { errorHandlerPlugin } from '#server/plugins/error-handler.ts';
import { registerSecurity } from '#server/plugins/security.ts';
import { registerSpa } from '#server/plugins/spa.ts';
import { registerOpenApi, registerOpenApiRoute } from '#server/plugins/openapi.ts';
import { healthRoutes } from '#server/modules/health/routes.ts';
import { demoRoutes } from '#server/modules/demo/routes.ts';
import { newsletterRoutes } from '#server/modules/newsletter/routes.ts';
import { authRoutes } from '#server/modules/auth/routes.ts';
import { adminRoutes } from '#server/modules/auth/admin-routes.ts';
import { dashboardRoutes } from '#server/modules/dashboard/routes.ts';
import { workspaceRoutes } from '#server/modules/workspaces/routes.ts';
import { teamRoutes } from '#server/modules/team/routes.ts';
import { apiKeyRoutes } from '#server/modules/api-keys/routes.ts';
import { analyticsRoutes } from '#server/modules/analytics/routes.ts';
import { assistantRoutes } from '#server/modules/assistant/routes.ts';
import type { AssistantService } from '#server/modules/assistant/service.ts';
import { dashboardActionRoutes } from '#server/modules/dashboard/action-routes.ts';
import type { DashboardPorts } from '#server/modules/dashboard/ports.ts';
import { liveEventRoutes } from '#server/modules/dashboard/event-routes.ts';
import type { InstagramChannel } from '#server/modules/channel/channel.ts';
import { instagramConnectionRoutes } from '#server/modules/channel/routes.ts';
import { instagramWebhookRoutes } from '#server/modules/channel/webhook-routes.ts';
import type { DestinationStream } from 'pino';
import { catalogRoutes } from '#server/modules/catalog/routes.ts';
import { catalogWebhookRoutes } from '#server/modules/catalog/webhooks.ts';
import { createOrderIngest } from '#server/modules/revenue/ingest.ts';
import { revenueRoutes } from '#server/modules/revenue/routes.ts';
import { webhookRoutes } from '#server/modules/webhooks/routes.ts';
import { createWebhookService } from '#server/modules/webhooks/service.ts';
import { profileRoutes } from '#server/modules/profile/routes.ts';
import { notificationRoutes } from '#server/modules/notifications/routes.ts';
import { usageRoutes } from '#server/modules/usage/routes.ts';
import {
  catalogSettingsFromConfig,
  createCatalogModule,
  type CatalogModule,
} from '#server/modules/catalog/service.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  jobs: JobQueue;
  mailer: Mailer;
  /** Seals and opens secrets at rest (channel tokens, store credentials). */
  secretBox: SecretBox;
  /** The assistant, built in runtime.ts from the catalog and channel; its playground route needs it. */
  assistant?: AssistantService;
  /** The dashboard's sends and drafts: the channel's outbound path and the assistant's drafts. */
  dashboardPorts?: DashboardPorts;
  /** The Instagram channel: connections, the webhook inbox, the outbound path. */
  channel: InstagramChannel;
  /**
   * Where request logs go: the runtime's batched destination (logging.ts), or a stream tests read to prove no
   * secret is logged; stdout when unset.
   */
  logStream?: DestinationStream;
  /** Stores and catalog (runtime.ts shares one with the job workers); built here when absent. */
  catalog?: CatalogModule;
}

/**
 * One log line per request, when it is answered, with what it was and how it went; Fastify's default writes an
 * "incoming request" line before it as well. The URL is logged with its query values redacted (`redactUrl`):
 * OAuth callbacks, Instagram's webhook handshake and searches carry codes, tokens and buyers' words there.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const fields = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An error here comes from the response stream or an onResponse hook; a handler's error went through the
    // error handler (plugins/error-handler.ts) and its request still ends here as completed.
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }

  // Fastify's default writes `Route GET:/url?query not found`. Only its built-in not-found handler calls this, and
  // spa.ts installs our own; kept so the query cannot reach the log if that ever changes.
  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info({ method: request.method, url: redactUrl(request.url) }, 'route not found');
  }
}

/**
 * Builds the HTTP app from its parts. Reading order is the table of contents:
 * 1. framework settings and validation, 2. cross-cutting plugins, 3. API modules, 4. the web client.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;

  // 1. Framework: body limit (contracts/limits), zod validation both ways, request ids in every log line.
  const app = Fastify({
    // JSON lines, or readable lines at a terminal; cookies and credentials redacted (logging.ts).
    logger: deps.logStream
      ? { ...createLoggerOptions(config, { isTerminal: false }), stream: deps.logStream }
      : createLoggerOptions(config),
    logController: new OneLinePerRequest(),
    bodyLimit: limits.maxBodyBytes,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 2. Cross-cutting: errors, headers and rate limits, cookies, the session.
  await app.register(errorHandlerPlugin);
  await registerSecurity(app, { isHttps: isSecureOrigin(config), db: database.db });
  await app.register(cookie);
  await app.register(authPlugin, { db: database.db, publicUrl: config.PUBLIC_URL });
  // Collects every route registered after it into the OpenAPI document (decision 044).
  await registerOpenApi(app);

  // 3. API modules, each under /api.
  registerOpenApiRoute(app);
  await app.register(healthRoutes, { prefix: '/api', database });
  await app.register(demoRoutes, { prefix: '/api', config, database, jobs: deps.jobs });
  await app.register(newsletterRoutes, { prefix: '/api', database });
  await app.register(authRoutes, { prefix: '/api', config, database, jobs: deps.jobs });
  await app.register(adminRoutes, { prefix: '/api', config, database, jobs: deps.jobs });
  await app.register(dashboardRoutes, { prefix: '/api', db: database.db });
  await app.register(workspaceRoutes, { prefix: '/api', db: database.db });
  await app.register(teamRoutes, {
    prefix: '/api',
    config,
    db: database.db,
    jobs: deps.jobs,
  });
  await app.register(apiKeyRoutes, { prefix: '/api', db: database.db });
  await app.register(analyticsRoutes, { prefix: '/api', db: database.db });
  if (deps.assistant) await app.register(assistantRoutes, { prefix: '/api', assistant: deps.assistant });
  await app.register(dashboardActionRoutes, {
    prefix: '/api',
    db: database.db,
    limits: {
      brandsPerWorkspace: config.MAX_BRANDS_PER_WORKSPACE,
      rulesPerBrand: config.MAX_RULES_PER_BRAND,
    },
    ...deps.dashboardPorts,
  });
  await app.register(liveEventRoutes, {
    prefix: '/api',
    database,
    heartbeatMs: config.LIVE_EVENTS_HEARTBEAT_SECONDS * 1000,
  });
  await app.register(instagramConnectionRoutes, { prefix: '/api', channel: deps.channel });
  // Its own scope: a raw-bytes body parser and a larger body limit for webhook batches.
  await app.register(instagramWebhookRoutes, { prefix: '/api', channel: deps.channel });
  const catalog =
    deps.catalog ??
    createCatalogModule({
      db: database.db,
      secretBox: deps.secretBox,
      settings: catalogSettingsFromConfig(config),
      orders: createOrderIngest(),
    });
  await app.register(catalogRoutes, { prefix: '/api', module: catalog });
  await app.register(catalogWebhookRoutes, {
    prefix: '/api',
    db: database.db,
    shopifyWebhookMaxAgeSeconds: config.SHOPIFY_WEBHOOK_MAX_AGE_SECONDS,
    module: catalog,
    secretBox: deps.secretBox,
    shopifyApiSecret: config.SHOPIFY_API_SECRET,
  });

  await app.register(revenueRoutes, { prefix: '/api', db: database.db });
  await app.register(webhookRoutes, {
    prefix: '/api',
    service: createWebhookService({
      db: database.db,
      jobs: deps.jobs,
      secretBox: deps.secretBox,
      allowLoopback: config.ALLOW_LOOPBACK_WEBHOOKS,
    }),
  });
  await app.register(profileRoutes, { prefix: '/api', config, db: database.db, jobs: deps.jobs });
  await app.register(notificationRoutes, { prefix: '/api', db: database.db });
  await app.register(usageRoutes, { prefix: '/api', db: database.db });

  // 4. The web client and the not-found rule (unknown /api paths answer JSON 404).
  await registerSpa(app, config.CLIENT_DIST_DIR);

  return app;
}
