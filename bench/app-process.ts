import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The repository's root: server processes start from there, as `npm start` does. */
export const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** `count` distinct ports that were free a moment ago on 127.0.0.1 (all held open until each is known). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface AppProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Resolves with the exit code (null) and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server as `npm start` runs it (`node src/server/main.ts`, Node's own type stripping: decision 015) in its own
 * process on 127.0.0.1:`port`, resolved once `GET /api/health` answers 200. Every line it writes to stdout or stderr
 * goes to `onLine`. `env` is laid over this process's environment.
 */
export async function startAppProcess(options: {
  port: number;
  env: Record<string, string>;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  timeoutMs?: number;
}): Promise<AppProcess> {
  // The health check below must reach this process, not another one already on the port.
  if (await isListening(options.port)) throw new Error(`port ${options.port} is taken by another process`);
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      CLIENT_DIST_DIR: '/nonexistent-client-build',
      PUBLIC_URL: '',
      SMTP_URL: '',
      NODE_ENV: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (line) => options.onLine?.(line, stream));
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server on port ${options.port} exited before it answered`);
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status === 200 && child.exitCode === null && child.signalCode === null) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${options.port} did not answer /api/health in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, pid: child.pid!, url, exited };
}

/** A process's resident memory (VmRSS) in bytes, from /proc; null once it is gone or off Linux. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
