import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** Reads a structured config file (JSON, or YAML for .yaml/.yml). */
export function readStructuredFile(filePath: string): unknown {
  const text = readFileSync(filePath, 'utf8');
  return /\.ya?ml$/i.test(filePath) ? parseYaml(text) : JSON.parse(text);
}

/** Set to true by `pnpm build` (scripts/build.ts) in every bundle it writes; absent when running sources. */
declare const GATEHOUSE_BUNDLE: boolean | undefined;

/**
 * Where a process finds a folder it reads at run time (the protos, the payment migrations, the page):
 * from sources, `fromSources` (already resolved against the source file's folder); from a `pnpm build`
 * bundle, the copy the build puts beside the bundle under `name`.
 */
export function runtimeAssetDir(fromSources: string, name: string): string {
  return typeof GATEHOUSE_BUNDLE !== 'undefined' && GATEHOUSE_BUNDLE ? path.join(__dirname, name) : fromSources;
}
