// One process at a time on the embedded database. PGlite has no server to share it: a second process opening the
// same directory (a second `npm start`, `npm run admin` while the API runs) writes its own copy of the pages and
// corrupts it; seen here as a WebAssembly abort on the next open. So the opener takes a lock file beside the data,
// holding its process id, and a lock whose process is gone (a crash, SIGKILL) is taken over.
import fs from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${pid}). ` +
        'Stop that process first (Ctrl+C where `npm start` runs), or use PostgreSQL (DATABASE_URL), which many processes share.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock of `dataDir` for this process; the returned function releases it (also done at exit). */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'intakekit.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), {flag: 'wx'});
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        if (holder(file) === process.pid) fs.rmSync(file, {force: true});
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(file);
      if (pid !== undefined && pid !== process.pid && alive(pid)) throw new DatabaseInUseError(dataDir, pid);
      // Left by a process that is gone, or by this one (a test reopening its directory): take it over.
      fs.rmSync(file, {force: true});
    }
  }
  throw new DatabaseInUseError(dataDir, holder(file) ?? 0);
}
