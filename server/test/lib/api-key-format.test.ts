// API key values: prefix, entropy, checksum.
import {describe, expect, it} from 'vitest';
import {newApiKey, parseApiKey} from '../../src/lib/api-key-format.js';
import {OPENED_CACHE_SIZE, secretBox} from '../../src/lib/secret-box.js';

describe('API key format', () => {
  it('has the type prefix, 36 random base62 characters and a checksum that parses back', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = newApiKey(i % 2 ? 'sandbox' : 'production');
      expect(key).toMatch(/^ik_(sandbox|production)_[0-9A-Za-z]{42}$/);
      expect(parseApiKey(key)).toBe(i % 2 ? 'sandbox' : 'production');
      keys.add(key);
    }
    expect(keys.size).toBe(200);
  });

  it('rejects any single-character change, a swapped prefix and junk', () => {
    const key = newApiKey('sandbox');
    for (let i = 11; i < key.length; i++) {
      const changed = key.slice(0, i) + (key[i] === 'A' ? 'B' : 'A') + key.slice(i + 1);
      expect(parseApiKey(changed), changed).toBeUndefined();
    }
    expect(parseApiKey(key.replace('ik_sandbox_', 'ik_production_'))).toBeUndefined();
    for (const junk of ['', 'ik_sandbox_', `${key} `, key.toLowerCase() === key ? `${key}x` : key.toLowerCase()]) {
      expect(parseApiKey(junk)).toBeUndefined();
    }
  });
});

describe('secret box', () => {
  it('round-trips, uses a fresh IV each time, and refuses tampering or another secret', () => {
    const box = secretBox('a'.repeat(32));
    const a = box.seal('ik_sandbox_value');
    const b = box.seal('ik_sandbox_value');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('ik_sandbox_value');
    const parts = a.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => secretBox('b'.repeat(32)).open(a)).toThrow();
    // IVs are cut from a pool of random bytes: over several refills, still none twice, each opening its value.
    const many = Array.from({length: 700}, (_, i) => box.seal(`v${i}`, `row-${i}`));
    expect(new Set(many.map((sealed) => sealed.split('.')[1])).size).toBe(700);
    many.forEach((sealed, i) => expect(box.open(sealed, `row-${i}`)).toBe(`v${i}`));
  });

  it('opens every value right when the values opened outnumber its cache, and still refuses a tampered copy of a cached one', () => {
    const box = secretBox('c'.repeat(32));
    const values = Array.from({length: OPENED_CACHE_SIZE + 50}, (_, i) => `ik_sandbox_${i}`);
    const sealed = values.map((v) => box.seal(v));
    for (let round = 0; round < 2; round++) {
      sealed.forEach((s, i) => expect(box.open(s)).toBe(values[i]));
    }
    const last = sealed.at(-1)!.split('.');
    last[2] = Buffer.alloc(16).toString('base64url');
    expect(() => box.open(last.join('.'))).toThrow();
  });
});
