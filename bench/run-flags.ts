// The command line of `pnpm bench` (bench/run.ts): flags shared by several benchmarks.

/** The value of `--name=value` on the command line. */
export function flag(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

export function algFlag(): 'HS256' | 'ES256' | 'EdDSA' | undefined {
  const alg = flag('alg');
  if (alg !== undefined && alg !== 'HS256' && alg !== 'ES256' && alg !== 'EdDSA')
    throw new Error(`unknown --alg ${alg}`);
  return alg;
}

/** A whole-number flag, or undefined when absent. */
export function countFlag(name: string): number | undefined {
  const value = flag(name);
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`--${name} takes a whole number`);
  return Number(value);
}
