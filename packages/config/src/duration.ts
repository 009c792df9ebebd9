const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const PART = /(\d+)(ms|s|m|h|d)/gy;

/** Parses `90s`, `15m`, `24h`, `31d` (and sums like `1h30m`) into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  for (let match = PART.exec(trimmed); match !== null; match = PART.exec(trimmed)) {
    total += Number(match[1]) * (UNIT_MS[match[2] as string] as number);
    consumed = PART.lastIndex;
  }
  return consumed === trimmed.length ? total : null;
}
