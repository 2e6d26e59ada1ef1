import type { Logger } from 'pino';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import {
  instagramProcessJob,
  instagramReconcileSendsJob,
  instagramRefreshTokensJob,
} from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import {
  createInstagramGraphClient,
  type InstagramGraphClient,
} from '#server/integrations/instagram/graph-client.ts';
import { withSampleAccounts } from '#server/integrations/instagram/sample-account.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createConnectionService } from './connections.ts';
import { createInbox } from './inbox.ts';
import { createChannelOutbound, createSendCore, type OutboundDeps } from './outbound.ts';
import { createProcessor } from './processor.ts';
import { createSampleSimulator } from './sample-simulator.ts';
import { createSendBudget, type SendBudget } from './send-budget.ts';
import { createSendReconciler } from './send-reconciler.ts';

export interface InstagramChannelDeps {
  config: Config;
  db: Database;
  jobs: JobQueue;
  secretBox: SecretBox;
  log: Logger;
  /** Tests shorten timeouts and retries. */
  graph?: InstagramGraphClient;
  budget?: SendBudget;
  retry?: OutboundDeps['retry'];
  /**
   * Concurrent processing loops in this process: several on PostgreSQL (threads are independent; each commit waits
   * on the disk), one on PGlite, whose single connection would make extra loops queue ahead of webhook requests.
   */
  processingLoops?: number;
}

/** The Instagram channel's parts, composed once (runtime.ts) and handed to the routes and the workers. */
export function createInstagramChannel(deps: InstagramChannelDeps) {
  const { config, db, jobs, secretBox, log } = deps;
  // The sample account of the demo answers its own calls here, so every path below treats it as any account.
  const graph = withSampleAccounts(
    deps.graph ??
      createInstagramGraphClient({
        apiUrl: config.INSTAGRAM_API_URL,
        apiVersion: config.INSTAGRAM_API_VERSION,
        appId: config.INSTAGRAM_APP_ID,
        appSecret: config.INSTAGRAM_APP_SECRET,
        authorizeUrl: config.INSTAGRAM_OAUTH_AUTHORIZE_URL,
        tokenUrl: config.INSTAGRAM_OAUTH_TOKEN_URL,
      }),
  );
  const connections = createConnectionService({ db, graph, secretBox, log });
  const inbox = createInbox({ db, jobs, log });
  const simulator = createSampleSimulator({ db, connections, inbox });
  const processor = createProcessor({ db, jobs, graph, connections, log });
  const outboundDeps: OutboundDeps = {
    db,
    graph,
    connections,
    budget: deps.budget ?? createSendBudget(),
    log,
    humanAgentTagEnabled: config.INSTAGRAM_HUMAN_AGENT_TAG,
    ...(deps.retry ? { retry: deps.retry } : {}),
  };
  // One guard, Graph call and outcome for both the outbound path and the reconciler that settles its unknowns.
  const sendCore = createSendCore(outboundDeps);
  const outbound = createChannelOutbound(outboundDeps, sendCore);
  const reconciler = createSendReconciler({
    db,
    graph,
    connections,
    core: sendCore,
    log,
    settings: { reconcileAfterSeconds: config.SEND_RECONCILE_AFTER_SECONDS },
  });

  return {
    config,
    graph,
    connections,
    inbox,
    simulator,
    processor,
    outbound,
    reconciler,
    /**
     * The channel's workers: event processing (batches, woken by the webhook), the hourly token refresh, and the
     * send reconciler (now, then every SEND_RECONCILE_EVERY_SECONDS).
     */
    async startWorkers(): Promise<void> {
      // The advisory lock keeps one thread's events in order whichever loop takes them.
      for (let loop = 0; loop < (deps.processingLoops ?? 1); loop += 1) {
        await jobs.work(
          instagramProcessJob,
          async ({ brandId, threadKey }) => {
            await processor.processThread(brandId, threadKey);
          },
          // Each job is one thread, under its own lock: a batch's threads are processed side by side.
          { batchSize: 20, parallel: true },
        );
      }
      await jobs.work(instagramRefreshTokensJob, async () => {
        const result = await connections.refreshDueTokens();
        if (result.refreshed + result.needsReconnect + result.failed > 0)
          log.info(result, 'instagram tokens refreshed');
      });
      await jobs.schedule(instagramRefreshTokensJob, '17 * * * *', { singletonKey: 'hourly' });
      await jobs.work(instagramReconcileSendsJob, async () => {
        const result = await reconciler.reconcile();
        if (result.confirmed + result.resent + result.failed + result.deferred > 0)
          log.info(result, 'instagram sends reconciled');
      });
      await jobs.repeat(instagramReconcileSendsJob, config.SEND_RECONCILE_EVERY_SECONDS);
    },
  };
}

export type InstagramChannel = ReturnType<typeof createInstagramChannel>;
