import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** Reads a structured config file (JSON, or YAML for .yaml/.yml). */
export function readStructuredFile(filePath: string): unknown {
  const text = readFileSync(filePath, 'utf8');
  return /\.ya?ml$/i.test(filePath) ? parseYaml(text) : JSON.parse(text);
}
