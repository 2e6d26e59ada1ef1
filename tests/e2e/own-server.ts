import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A production server of a spec's own (not the shared one global-setup starts), on a data directory the spec
 * owns. Port 0, and the address read from the server's own start-up line: no window in which another process on
 * this machine could take a port picked in advance.
 */
export interface OwnServer {
  url: string;
  /** Everything the server has written so far. */
  output(): string;
  stop(): Promise<void>;
}

export const ownServerEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  PUBLIC_URL: '',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  SMTP_URL: '',
});

export async function startOwnServer(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...ownServerEnv(dataDir), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let url = '';
  for (let waited = 0; !url; waited += 100) {
    if (server.exitCode !== null || waited > 60_000) throw new Error(`the server did not start:\n${output}`);
    // The log names the loopback address `localhost`; the browser is pointed at the address itself.
    url = /Voicecart is running at http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(output)?.[1] ?? '';
    if (url) url = `http://127.0.0.1:${url}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      // A graceful stop takes a few seconds; one that hangs fails here with what the server said, not at the
      // spec's timeout with nothing to go on.
      const hung = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 30_000)),
      ]);
      if (hung) {
        server.kill('SIGKILL');
        throw new Error(`the server did not stop within 30 s of SIGTERM:\n${output}`);
      }
    },
  };
}

/** Runs the admin command line as the README does (`npm run admin -- …`), against the same data directory. */
export async function runAdmin(dataDir: string, args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['src/cli/main.ts', ...args], {
    env: ownServerEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (code !== 0)
    throw new Error(
      `admin ${args.join(' ')} exited ${code ?? 'on a signal (no answer in 60 s)'}:\n${output}`,
    );
  return output;
}
