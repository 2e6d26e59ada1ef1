import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

/**
 * Backups of the embedded database (PGlite). Its files admit one process, so while the server runs, a backup is
 * asked of the server itself over a Unix socket in DATA_DIR (`admin.sock`, mode 0600: whoever may read the data
 * directory may back it up, nobody else). The server answers with `dumpDataDir()`, which PGlite runs between
 * queries, so the copy is of one consistent moment. With the server stopped, the command opens the directory itself.
 * PostgreSQL deployments use pg_dump instead.
 */
export const adminSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'admin.sock');
const pgliteDir = (dataDir: string) => path.join(path.resolve(dataDir), 'pglite');

/** Writes the file whole or not at all (a crash mid-write leaves the previous backup, not half of one). */
function writeAtomically(file: string, bytes: Uint8Array) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.partial`;
  writeFileSync(temporary, bytes, { mode: 0o600 });
  renameSync(temporary, file);
}

async function dump(database: DatabaseHandle): Promise<Uint8Array> {
  if (!database.dumpDataDir)
    throw new Error('Backups are for the embedded database; on PostgreSQL use pg_dump.');
  return new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
}

/** The daily backup's file name: sortable by time. */
const backupName = (at: Date) => `voicecart-${at.toISOString().replace(/[:.]/g, '-')}.tar`;

/** Writes one backup into `dir` and deletes all but the newest `keep`. Returns the file written. */
export async function writeRotatingBackup(
  database: DatabaseHandle,
  dir: string,
  keep: number,
  at = new Date(),
) {
  const file = path.join(dir, backupName(at));
  writeAtomically(file, await dump(database));
  const backups = readdirSync(dir)
    .filter((name) => /^voicecart-.*\.tar$/.test(name))
    .sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - keep)))
    rmSync(path.join(dir, old), { force: true });
  return file;
}

export interface BackupService {
  close(): Promise<void>;
}

/** The running server's side: the admin socket, and the periodic backup (keep 0 turns it off). */
export async function startBackupService(options: {
  database: DatabaseHandle;
  dataDir: string;
  backupDir: string;
  keep: number;
  everyMs: number;
  log: Logger;
}): Promise<BackupService> {
  const { database, log } = options;
  const socketPath = adminSocketPath(options.dataDir);
  // The data-dir lock is ours, so a socket file left here is a crashed process's.
  rmSync(socketPath, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    dump(database).then(
      (bytes) => {
        res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': bytes.byteLength });
        res.end(bytes);
      },
      (error: unknown) => {
        log.error({ err: error }, 'backup over the admin socket failed');
        res.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, resolve);
  });
  const timer =
    options.keep > 0
      ? setInterval(() => {
          writeRotatingBackup(database, options.backupDir, options.keep).then(
            (file) => log.info({ file }, 'daily backup written'),
            (error: unknown) => log.error({ err: error }, 'daily backup failed'),
          );
        }, options.everyMs)
      : undefined;
  timer?.unref();
  return {
    async close() {
      if (timer) clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(socketPath, { force: true });
    },
  };
}

/** Asks a running server for a backup; null when no server answers on the socket. */
export function requestBackupFromServer(dataDir: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: adminSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(new Uint8Array(body));
        else
          reject(
            new Error(`The server could not write the backup: ${body.toString('utf8') || res.statusCode}`),
          );
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    req.end();
  });
}

/** `admin backup --to FILE`: from the running server when there is one, else from the stopped data directory. */
export async function backupDataDir(dataDir: string, to: string): Promise<'server' | 'data-dir'> {
  const fromServer = await requestBackupFromServer(dataDir);
  if (fromServer) {
    writeAtomically(to, fromServer);
    return 'server';
  }
  if (!isNonEmptyDir(pgliteDir(dataDir)))
    throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    writeAtomically(to, await dump(database));
  } finally {
    await database.close();
  }
  return 'data-dir';
}

function isNonEmptyDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory() && readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * `admin restore --from FILE [--force]` on a stopped instance (the data-dir lock refuses a running one). A
 * non-empty database is replaced only with `force`, and then moved aside (`pglite.before-restore-<time>`), not
 * deleted.
 */
export async function restoreDataDir(dataDir: string, from: string, force: boolean): Promise<string | null> {
  const bytes = readFileSync(from);
  const lock = acquireDataDirLock(dataDir);
  let movedAside: string | null = null;
  try {
    const target = pgliteDir(dataDir);
    if (isNonEmptyDir(target)) {
      if (!force) {
        throw new Error(
          `${target} already holds a database. Add --force to replace it (it is moved aside, not deleted).`,
        );
      }
      movedAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, movedAside);
    }
  } finally {
    lock.release();
  }
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([bytes]) });
  await database.executeSql('select 1', []);
  await database.close();
  return movedAside;
}
