// AES-256-GCM encryption of API key values at rest, keyed from the server secret.
// Format: v1.<iv>.<tag>.<ciphertext>, base64url parts; the version leaves room for key rotation.
import crypto from 'node:crypto';

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/**
 * Opened values kept in memory, by sealed value. Listing a team's keys opens every one of them on
 * every call, and an AES-GCM decryption (a new cipher context each) was a third of that route's
 * CPU. The process holds the key that opens them anyway, so the cache exposes nothing new; it is
 * bounded, the oldest entry leaving first.
 */
export const OPENED_CACHE_SIZE = 10_000;

export function secretBox(serverSecret: string, purpose = 'api-key-encryption'): SecretBox {
  // A dedicated subkey per purpose, so the server secret itself is never used directly as a cipher key
  // and a value sealed for one use (an API key, a queued email) cannot be opened as another.
  const key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'intakekit', purpose, 32));
  const opened = new Map<string, string>();
  return {
    seal(plaintext) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const cached = opened.get(sealed);
      if (cached !== undefined) return cached;
      const plaintext = decrypt(sealed);
      if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value!);
      opened.set(sealed, plaintext);
      return plaintext;
    },
  };

  function decrypt(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown sealed value format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
