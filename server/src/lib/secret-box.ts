// AES-256-GCM encryption of secrets at rest (API key values, queued mail, authenticator secrets, patients'
// answers), keyed from the server secret.
// Format: v1.<iv>.<tag>.<ciphertext>, base64url parts; the version leaves room for key rotation.
import crypto from 'node:crypto';

export interface SecretBox {
  /**
   * `context` (AES-GCM's associated data) binds the sealed value to what holds it, such as its row's id: it opens
   * only with the same context, so a sealed value copied into another row does not open there. Such values are
   * opened each time, never cached: they are rows' contents (patients' answers), too large and too sensitive to keep.
   */
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
}

/**
 * Opened values kept in memory, by sealed value. Listing a team's keys opens every one of them on
 * every call, and an AES-GCM decryption (a new cipher context each) was a third of that route's
 * CPU. The process holds the key that opens them anyway, so the cache exposes nothing new; it is
 * bounded, the oldest entry leaving first.
 */
export const OPENED_CACHE_SIZE = 10_000;

/**
 * A dedicated 256-bit subkey of the server secret per purpose, so the secret itself is never used directly as a key
 * and what is sealed or signed for one use (an API key, a queued email, a session token) serves no other.
 */
export function subkeyOf(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'intakekit', purpose, 32));
}

/** AES-GCM's 96-bit IV, fresh for every seal. */
const IV_BYTES = 12;
/**
 * IVs are cut from a pool filled by one CSPRNG call (as crypto.randomUUID does for its bytes): a randomBytes call per
 * seal was a third of sealing a submission's answers (--cpu-prof of the SDK's submit). Each IV is used once.
 */
const IV_POOL_SIZE = IV_BYTES * 256;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;

function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = crypto.randomBytes(IV_POOL_SIZE);
    ivOffset = 0;
  }
  // A view of bytes no other seal is given: the pool is replaced, never refilled in place.
  return ivPool.subarray(ivOffset, (ivOffset += IV_BYTES));
}

export function secretBox(serverSecret: string, purpose = 'api-key-encryption'): SecretBox {
  const key = subkeyOf(serverSecret, purpose);
  const opened = new Map<string, string>();
  return {
    seal(plaintext, context) {
      const iv = freshIv();
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      if (context !== undefined) return decrypt(sealed, context);
      const cached = opened.get(sealed);
      if (cached !== undefined) return cached;
      const plaintext = decrypt(sealed);
      if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value!);
      opened.set(sealed, plaintext);
      return plaintext;
    },
  };

  function decrypt(sealed: string, context?: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed value format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
