// A service's imports only go down: every module of its src/ belongs to one layer, and may import its
// own unit (a folder of src/, or a file directly in it) or a unit of a lower layer, never a higher one
// nor a sibling of its own layer. Only the transport units may use the transport libraries.
// Used by each service's layering test (services/<service>/test/layering.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Layering {
  /** The service's src/ folder. */
  src: string;
  /** Bottom first; a unit is a folder of src/ or a file directly in it. */
  layers: readonly (readonly string[])[];
  /** Units that may speak gRPC (or serve HTTP with Koa); everything else is domain code. */
  transportUnits: ReadonlySet<string>;
}

export const TRANSPORT_PACKAGES = /^(@grpc\/grpc-js|@gatehouse\/grpc-kit|@gatehouse\/proto|koa)(\/|$)/;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every module specifier: static imports and re-exports, dynamic import() and require(). */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+'([^']+)'/g, /\bimport\s+'([^']+)'/g, /\b(?:import|require)\(\s*'([^']+)'\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The folder of src/ a path lies in, or its file name when it lies directly in src/. */
function unitOf(src: string, target: string): string {
  const [first, ...rest] = path.relative(src, target).split(path.sep) as [string, ...string[]];
  if (rest.length > 0 || first.endsWith('.ts')) return first;
  // An import names a module without its extension, or a folder (its index.ts).
  return existsSync(path.join(src, first)) ? first : `${first}.ts`;
}

/** Each file's imports against the layers and the transport rule; an empty list means the layering holds. */
export function layeringProblems({ src, layers, transportUnits }: Layering): string[] {
  const layerOf = (unit: string) => layers.findIndex((layer) => layer.includes(unit));
  const problems: string[] = [];
  for (const file of sourceFiles(src)) {
    const name = path.relative(src, file);
    const unit = unitOf(src, file);
    const layer = layerOf(unit);
    if (layer < 0) {
      problems.push(`${name}: ${unit} is in no layer; add it to LAYERS`);
      continue;
    }
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) {
        if (!transportUnits.has(unit) && TRANSPORT_PACKAGES.test(spec)) {
          problems.push(`${name}: domain code imports ${spec}; transport belongs in grpc/`);
        }
        continue;
      }
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(src + path.sep)) {
        problems.push(`${name}: imports ${spec}, outside src/`);
        continue;
      }
      const targetUnit = unitOf(src, target);
      if (targetUnit === unit) continue;
      const targetLayer = layerOf(targetUnit);
      if (targetLayer < 0 || targetLayer >= layer) {
        problems.push(`${name}: imports ${spec} (${targetUnit}), which is not below ${unit}`);
      }
    }
  }
  return problems;
}

/** The module a relative import names: `<spec>.ts`, or its folder's index.ts; undefined for anything else. */
function moduleOf(from: string, spec: string): string | undefined {
  const target = path.resolve(path.dirname(from), spec);
  return [target, `${target}.ts`, path.join(target, 'index.ts')].find((f) => f.endsWith('.ts') && existsSync(f));
}

/**
 * Every import circle of a graph of modules (each module's imports), each once, as the path around it
 * from its first module in sorted order: `a.ts -> b.ts -> a.ts`. Type-only imports count: a circle of
 * types still ties the modules to each other.
 */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const ring = stack.slice(stack.indexOf(next));
        const first = ring.indexOf([...ring].sort()[0] as string);
        const from = [...ring.slice(first), ...ring.slice(0, first)];
        found.add([...from, from[0]].join(' -> '));
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found];
}

/** The import circles among the modules of `src` (relative imports; paths relative to `src`). */
export function importCycles(src: string): string[] {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => moduleOf(file, spec))
      .filter((target): target is string => target !== undefined);
    graph.set(
      path.relative(src, file),
      targets.map((t) => path.relative(src, t)),
    );
  }
  return cyclesOf(graph);
}
