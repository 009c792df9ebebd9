/** A name/value pair as the protos carry headers and query parameters (see login.v1.Pair). */
export interface Pair {
  name?: string;
  value?: string;
}

/** Pairs to a plain object; the first value of a repeated name wins. */
export function fromPairs(pairs: Pair[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of pairs ?? []) {
    // Own properties only, and defined rather than assigned, so `__proto__` or `constructor` as a header
    // name is just a name.
    if (name !== undefined && !Object.hasOwn(out, name)) {
      Object.defineProperty(out, name, { value: value ?? '', enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

export function toPairs(record: Record<string, string>): { name: string; value: string }[] {
  return Object.entries(record).map(([name, value]) => ({ name, value }));
}
