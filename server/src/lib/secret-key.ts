// The server secret (API key encryption). SECRET_KEY wins; otherwise one is generated once into
// $DATA_DIR/secret-key (mode 0600) so the embedded default survives restarts.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function resolveSecretKey(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret-key');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, {recursive: true});
  const generated = crypto.randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it first; then we read theirs.
  try {
    await fs.writeFile(file, `${generated}\n`, {mode: 0o600, flag: 'wx'});
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
