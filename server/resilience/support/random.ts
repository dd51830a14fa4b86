// A seeded PRNG (mulberry32), so a failing run can be replayed: RESILIENCE_SEED=<printed seed>.
import crypto from 'node:crypto';

export interface Random {
  seed: number;
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(label: string): Random {
  const fromEnv = process.env.RESILIENCE_SEED;
  const seed = fromEnv ? Number(fromEnv) >>> 0 : crypto.randomBytes(4).readUInt32LE(0);
  console.log(`[resilience] ${label}: seed ${seed} (replay with RESILIENCE_SEED=${seed})`);
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
  };
}
