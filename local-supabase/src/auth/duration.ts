/** Go's time.ParseDuration: GoTrue's `ban_duration` ("24h", "1h30m", "-1.5h") and the durations of config.toml ("60s"). */

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Milliseconds, or throws with Go's message (`time: invalid duration "x"`). */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration "${text}"`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  while (rest.length > 0) {
    const match = part.exec(rest);
    if (!match) {
      if (/^(\d+(?:\.\d*)?|\.\d+)$/.test(rest)) throw new Error(`time: missing unit in duration "${text}"`);
      throw invalid();
    }
    total += Number(match[1]) * (UNIT_MS[match[2] as string] as number);
    rest = rest.slice(match[0].length);
  }
  return sign * total;
}
