/**
 * Seeded randomness for the corpus. Every decision the generator makes draws from a stream derived
 * from the run's seed and a label ("original 7", "copy photo 12"), so one item can be rebuilt alone,
 * in any order, and comes out with the same bytes.
 */

export type Random = () => number;

/** mulberry32: small, fast, and the same on every machine. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the label mixed with the seed: independent streams per item. */
export function streamSeed(seed: number, label: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < label.length; index++) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function stream(seed: number, label: string): Random {
  return mulberry32(streamSeed(seed, label));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function integer(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

/** Standard normal (Box-Muller), for noise. */
export function gaussian(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
