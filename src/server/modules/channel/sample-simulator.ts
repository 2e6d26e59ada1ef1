import { randomUUID } from 'node:crypto';
import {
  instagramWebhookPayloadSchema,
  type SimulateBuyerMessageInput,
  type SimulateBuyerMessageResult,
} from '#contracts/instagram.ts';
import { authorize } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { sampleBuyerId } from '#server/integrations/instagram/sample-account.ts';
import type { ConnectionService } from './connections.ts';
import type { Inbox } from './inbox.ts';

/** The post a simulated comment is on: one made-up post per sample account. */
const samplePostId = 'sample-post-1';

/**
 * "Simulate a buyer message" (decision 041): the DM or comment a buyer would send, as Instagram's webhook would
 * carry it, handed to the same inbox as a signed delivery (stored once, then the `instagram-process` job and the
 * assistant). Only a sample account takes it: a real account's buyers are real.
 */
export function createSampleSimulator({
  db,
  connections,
  inbox,
  now = () => Date.now(),
}: {
  db: Database;
  connections: ConnectionService;
  inbox: Inbox;
  now?: () => number;
}) {
  return {
    async simulate(
      userId: string,
      brandId: string,
      input: SimulateBuyerMessageInput,
    ): Promise<SimulateBuyerMessageResult> {
      await authorize(db, userId, 'playground.use', { brandId });
      const connection = await connections.findByBrand(brandId);
      if (!connection?.sample) {
        throw new AppError(
          'CONFLICT',
          'Buyer messages can be simulated only on the sample Instagram account; this brand has a real one (or none).',
        );
      }
      const username = input.username ?? 'sample.buyer';
      const buyer = sampleBuyerId(username);
      const at = now();
      const id = randomUUID();
      const entry =
        input.kind === 'dm'
          ? {
              id: connection.accountId,
              time: at,
              messaging: [
                {
                  sender: { id: buyer },
                  recipient: { id: connection.accountId },
                  timestamp: at,
                  message: { mid: `sample-buyer-mid-${id}`, text: input.text },
                },
              ],
            }
          : {
              id: connection.accountId,
              time: at,
              changes: [
                {
                  field: 'comments',
                  value: {
                    id: `sample-buyer-comment-${id}`,
                    text: input.text,
                    from: { id: buyer, username },
                    media: { id: samplePostId, media_product_type: 'FEED' },
                  },
                },
              ],
            };
      // Parsed as the webhook route parses a delivery, so the simulated one is held to the same shape.
      const payload = instagramWebhookPayloadSchema.parse({ object: 'instagram', entry: [entry] });
      const result = await inbox.ingest(payload);
      return { kind: input.kind, username, stored: result.stored };
    },
  };
}

export type SampleSimulator = ReturnType<typeof createSampleSimulator>;
