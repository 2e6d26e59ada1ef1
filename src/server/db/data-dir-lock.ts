import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite's files may be opened by one process only: two processes on one data directory corrupt it.
 * The lock is a file created with O_EXCL holding the owner's pid. A lock whose process is gone is stale
 * and is taken over.
 */
export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly ownerPid: number;

  constructor(lockFile: string, ownerPid: number) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by another Voicecart process ` +
        `(pid ${ownerPid}; lock file ${lockFile}). Stop that process first (the server, or an admin ` +
        `command), or point DATA_DIR at another folder, or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = 'DataDirLockedError';
    this.lockFile = lockFile;
    this.ownerPid = ownerPid;
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), 'voicecart.lock');

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(ownerPid) && ownerPid > 0 && isAlive(ownerPid)) {
        throw new DataDirLockedError(file, ownerPid);
      }
      // Stale: the owner died without cleaning up. Remove and try once more.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the data directory lock ${file}`);
}
