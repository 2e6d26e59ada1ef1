import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '#cli/run.ts';
import { createSession } from '#server/auth/sessions.ts';
import { loadConfig } from '#server/config.ts';
import { users } from '#server/db/schema/index.ts';
import { openDatabaseFromConfig } from '#server/runtime.ts';
import { startFakeInstagramGraph } from '#tests/fakes/instagram-graph.ts';

export const e2eAdmin = { email: 'admin@e2e.voicecart.test', password: 'e2e-admin-password' };

/** Dashboard e2e: a verified user with the seed-demo data, and a verified admin with no brands. */
export const e2eDashboardUsers = {
  seeded: { email: 'dana@e2e.voicecart.test', firstName: 'Dana', lastName: 'Reyes' },
  empty: { email: 'sam.empty@e2e.voicecart.test', firstName: null, lastName: null },
  /** The dashboard's writes (tests/e2e/dashboard-actions.spec.ts) change this one's copy of the demo data. */
  actions: { email: 'alex.actions@e2e.voicecart.test', firstName: 'Alex', lastName: 'Actions' },
  /** Comment rules (tests/e2e/seller-rules.spec.ts): makes its own brand, so no other spec's counts move. */
  rules: { email: 'rita.rules@e2e.voicecart.test', firstName: 'Rita', lastName: 'Rules' },

  /** The inbox's triage and the sample Instagram account (tests/e2e/inbox-triage.spec.ts): its own copy. */
  triage: { email: 'tess.triage@e2e.voicecart.test', firstName: 'Tess', lastName: 'Triage' },
  /** API keys (tests/e2e/api-keys.spec.ts): makes and revokes keys in a workspace of their own. */
  keys: { email: 'kim.keys@e2e.voicecart.test', firstName: 'Kim', lastName: 'Keys' },
} as const;

/**
 * Signed-in sessions for the dashboard specs without the sign-in UI: users and sessions are written straight
 * into the database (before the server starts: the embedded database admits one process), and the cookie
 * values reach the tests through the environment.
 */
async function prepareDashboardUsers(env: Record<string, string | undefined>): Promise<void> {
  const database = await openDatabaseFromConfig(loadConfig(env));
  try {
    /** A verified user with these details, signed in: the session's cookie value. */
    const signedInUser = async (details: Omit<typeof users.$inferInsert, 'verified'>) => {
      const [user] = await database.db
        .insert(users)
        .values({ ...details, verified: true })
        .returning({ id: users.id });
      return createSession(database.db, user!.id);
    };
    process.env.E2E_DASHBOARD_SESSION = await signedInUser(e2eDashboardUsers.seeded);
    process.env.E2E_EMPTY_SESSION = await signedInUser({ ...e2eDashboardUsers.empty, role: 'admin' });
    process.env.E2E_ACTIONS_SESSION = await signedInUser(e2eDashboardUsers.actions);
    process.env.E2E_RULES_SESSION = await signedInUser(e2eDashboardUsers.rules);
    process.env.E2E_TRIAGE_SESSION = await signedInUser(e2eDashboardUsers.triage);
    process.env.E2E_KEYS_SESSION = await signedInUser(e2eDashboardUsers.keys);
  } finally {
    await database.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy at ${url}:\n${log()}`);
}

/**
 * Prepares a fresh data directory with the admin CLI (the embedded database takes one process at a time,
 * so this happens before the server starts), then starts the production server on a free port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Instagram (tests/e2e/instagram.spec.ts): the fake Graph server, with one account whose token the spec pastes.
  const instagram = await startFakeInstagramGraph();
  const instagramAccount = instagram.addAccount({ accountId: '17841400000424242', username: 'e2e.shop' });
  process.env.E2E_INSTAGRAM_ACCOUNT_ID = instagramAccount.accountId;
  process.env.E2E_INSTAGRAM_TOKEN = instagramAccount.token;
  // Dashboard actions (tests/e2e/dashboard-actions.spec.ts): their own account, and a customer with a profile.
  const actionsAccount = instagram.addAccount({ accountId: '17841400000535353', username: 'e2e.actions' });
  instagram.setProfile('e2e-live-buyer', 'live.buyer');
  process.env.E2E_ACTIONS_INSTAGRAM_ACCOUNT_ID = actionsAccount.accountId;
  process.env.E2E_ACTIONS_INSTAGRAM_TOKEN = actionsAccount.token;
  const rulesAccount = instagram.addAccount({ accountId: '17841400000646464', username: 'e2e.rules' });
  process.env.E2E_RULES_INSTAGRAM_ACCOUNT_ID = rulesAccount.accountId;
  process.env.E2E_RULES_INSTAGRAM_TOKEN = rulesAccount.token;
  process.env.E2E_INSTAGRAM_APP_SECRET = 'e2e-instagram-secret';
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    JOB_POLL_SECONDS: '0.5',
    // The Performance spec waits for the roll-up job; a short period keeps it quick.
    ANALYTICS_ROLLUP_EVERY_SECONDS: '2',
    // The Webhooks spec points an endpoint at a receiver it starts on 127.0.0.1.
    ALLOW_LOOPBACK_WEBHOOKS: 'true',
    DATABASE_URL: '',
    SMTP_URL: '',
    INSTAGRAM_APP_SECRET: process.env.E2E_INSTAGRAM_APP_SECRET,
    INSTAGRAM_VERIFY_TOKEN: 'e2e-verify-token',
    INSTAGRAM_APP_ID: 'e2e-app-id',
    INSTAGRAM_API_URL: instagram.url,
    INSTAGRAM_OAUTH_AUTHORIZE_URL: instagram.authorizeUrl,
    INSTAGRAM_OAUTH_TOKEN_URL: instagram.tokenUrl,
  };

  const setupCommands: string[][] = [
    ['migrate'],
    // An approved admin for the accounts flow (tests/e2e/accounts.spec.ts).
    [
      'create-user',
      '--email',
      e2eAdmin.email,
      '--password',
      e2eAdmin.password,
      '--first-name',
      'E2E',
      '--last-name',
      'Admin',
      '--verified',
      '--admin',
    ],
  ];
  const quiet = { out: () => {}, err: (line: string) => console.error(line) };
  for (const argv of setupCommands) {
    const code = await runCli(argv, quiet, { env });
    if (code !== 0) throw new Error(`e2e setup: admin ${argv.join(' ')} exited ${code}`);
  }

  // Dashboard specs: two signed-in users, one with the demo data.
  await prepareDashboardUsers(env);
  const seedCode = await runCli(['seed-demo', '--email', e2eDashboardUsers.seeded.email], quiet, { env });
  if (seedCode !== 0) throw new Error(`e2e setup: admin seed-demo exited ${seedCode}`);
  const actionsSeedCode = await runCli(['seed-demo', '--email', e2eDashboardUsers.actions.email], quiet, {
    env,
  });
  if (actionsSeedCode !== 0)
    throw new Error(`e2e setup: admin seed-demo (actions) exited ${actionsSeedCode}`);
  const triageSeedCode = await runCli(['seed-demo', '--email', e2eDashboardUsers.triage.email], quiet, {
    env,
  });
  if (triageSeedCode !== 0) throw new Error(`e2e setup: admin seed-demo (triage) exited ${triageSeedCode}`);

  let output = '';
  const server = spawn(process.execPath, ['src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, server, () => output);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    await instagram.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
