// Making and checking API key values (their format is the contract's, contract/src/api-keys.ts): 36 random
// base62 characters (214 bits), then a base62 CRC32 of everything before it. The fixed prefix and the
// checksum let secret scanners recognise leaked keys without calling us (GitHub's token format),
// and let the API reject a mistyped key without a database lookup.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  KEY_CHECKSUM_LENGTH,
  KEY_KINDS,
  KEY_RANDOM_LENGTH,
  keyPattern,
  keyPrefix,
  type KeyKind,
  type KeyType,
} from '@intakekit/contract/api-keys';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      // 248 = 62 * 4: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(zlib.crc32(body), KEY_CHECKSUM_LENGTH);
}

export function newApiKey(type: KeyType, kind: KeyKind = 'browser'): string {
  const body = `${keyPrefix(type, kind)}${randomBase62(KEY_RANDOM_LENGTH)}`;
  return body + checksum(body);
}

const PATTERNS = new Map(KEY_KINDS.map((kind) => [kind, keyPattern(kind)]));

/**
 * The key's type when it is a well-formed key of this kind with a valid checksum, else undefined: a server key is
 * never a browser key, nor the other way round.
 */
export function parseApiKey(value: string, kind: KeyKind = 'browser'): KeyType | undefined {
  const match = PATTERNS.get(kind)!.exec(value);
  if (!match) return undefined;
  const body = value.slice(0, value.length - KEY_CHECKSUM_LENGTH);
  return checksum(body) === match[3] ? (match[1] as KeyType) : undefined;
}
