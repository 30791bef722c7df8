/** Small statistics for the accuracy report. */

/** Wilson score interval for a binomial proportion; stays inside [0, 1] and is sane at 0 and n. */
export function wilson(successes: number, trials: number, z = 1.96): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Nearest-rank percentile of unsorted values; NaN for none. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * Smallest number of trials, all without error, for which the Wilson 95 % upper bound of the error
 * rate falls to `rate` or below (for 0.1 %: 3,838; the cruder rule of three says 2,996).
 */
export function trialsNeededForZeroErrors(rate: number): number {
  let trials = 1;
  while (wilson(0, trials).high > rate) trials++;
  return trials;
}
