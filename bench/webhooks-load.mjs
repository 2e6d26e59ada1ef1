/**
 * The load generator of `npm run bench:webhooks` (bench/webhooks.ts), in its own process so it does not share the
 * server's event loop. Sends `amount` signed webhook POSTs of `entries` updates each, at `connections` connections.
 * Bodies are deterministic (request i carries mids `<run>-<i>-<j>` and fixed times), so running it again with the
 * same run id replays the very same events. Prints one JSON line: requests generated, latency, errors.
 *
 * Usage: node bench/webhooks-load.mjs <url> <appSecret> <accountId> <entries> <amount> <connections> <runId>
 */
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';

const [url, appSecret, accountId, entriesText, amountText, connectionsText, runId] = process.argv.slice(2);
const entries = Number(entriesText);
const amount = Number(amountText);
const connections = Number(connectionsText);
const customers = 500;
let generated = 0;

function bodyFor(index) {
  const entry = Array.from({ length: entries }, (_, j) => {
    const n = index * entries + j;
    return {
      id: accountId,
      time: 1_790_000_000_000 + n,
      messaging: [
        {
          sender: { id: `bench-customer-${n % customers}` },
          recipient: { id: accountId },
          timestamp: 1_790_000_000_000 + n,
          message: {
            mid: `${runId}-${index}-${j}`,
            text: `Is the linen shirt in medium still available? (${runId} ${n})`,
          },
        },
      ],
    };
  });
  return JSON.stringify({ object: 'instagram', entry });
}

const result = await autocannon({
  url,
  connections: Math.min(connections, amount),
  amount,
  timeout: 30,
  requests: [
    {
      method: 'POST',
      path: '/api/webhooks/instagram',
      setupRequest(request) {
        // Past `amount` autocannon may ask again; wrap so replays and counts stay exact.
        const index = generated % amount;
        generated += 1;
        const body = bodyFor(index);
        const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
        return {
          ...request,
          body,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'x-hub-signature-256': signature,
          },
        };
      },
    },
  ],
});

console.log(
  JSON.stringify({
    requests: Math.min(generated, amount),
    durationSeconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    completed: result.requests.total,
  }),
);
