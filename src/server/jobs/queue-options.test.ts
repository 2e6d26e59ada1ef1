import { describe, expect, it } from 'vitest';
import { jobQueueOptionsFromConfig } from './queue.ts';

// The server (runtime.ts) and the admin CLI (cli/context.ts) both build their queue from this, so a setting
// the server honours cannot be forgotten by the CLI again (it once lacked the maintenance and expiry caps).
describe('jobQueueOptionsFromConfig', () => {
  it('carries every job setting of the config', () => {
    expect(
      jobQueueOptionsFromConfig({
        DATABASE_URL: 'postgres://db/voicecart',
        JOB_POLL_SECONDS: 0.5,
        JOB_RETRY_DELAY_SECONDS: 3,
        JOB_MAINTENANCE_SECONDS: 7,
        JOB_EXPIRE_SECONDS: 30,
      }),
    ).toEqual({
      databaseUrl: 'postgres://db/voicecart',
      pollSeconds: 0.5,
      retryDelaySeconds: 3,
      maintenanceSeconds: 7,
      expireSeconds: 30,
    });
  });

  it('leaves unset settings to each job and to pg-boss', () => {
    expect(
      jobQueueOptionsFromConfig({
        DATABASE_URL: undefined,
        JOB_POLL_SECONDS: 2,
        JOB_RETRY_DELAY_SECONDS: undefined,
        JOB_MAINTENANCE_SECONDS: 120,
        JOB_EXPIRE_SECONDS: undefined,
      }),
    ).toEqual({ pollSeconds: 2, maintenanceSeconds: 120 });
  });
});
