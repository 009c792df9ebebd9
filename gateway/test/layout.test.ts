// The gateway's layout (issue 44, docs/development.md "Where a feature goes (gateway)"): its imports only
// go down, with no circle anywhere, and what every route shares is written once, in the route kit.
// - Every module of gateway/src belongs to one unit (a folder of src/, a route family routes/<family>,
//   or a file directly in src/), and a unit imports its own modules or a lower layer's, never a higher
//   one nor a sibling of its own layer.
// - No file imports a file that, through its imports, comes back to it (type-only imports included).
// - Outside the kit (routes/kit/), no route file writes a login answer (the session cookies, the 303 or
//   the user JSON), a logout, a 405, the router's security headers, or reads the query itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importsOf, sourceFiles } from '@gatehouse/test-kit/layering';

const SRC = path.join(__dirname, '..', 'src');

/**
 * Bottom first.
 * - config-file.ts, config-admin.ts: the settings read from AUTH_CONFIG and ADMIN_*; tracing.ts starts
 *   the OpenTelemetry SDK (main.ts's first import). config.ts assembles the settings.
 * - auth/: who the caller is (token verification, cookies' attributes, basic auth), no Koa middleware;
 *   clients.ts: the gRPC clients, opened from the settings.
 * - state.ts (ctx.state's types), metrics.ts (counters around the authenticator and requests).
 * - middleware/: the Koa layers every app has (errors, paths, bodies, authentication, headers).
 * - routes/kit/: the route kit, what every route shares: the caller, bodies, the query, methods and 405,
 *   headers, the login answer and logout.
 * - routes/auth, routes/payment, routes/site: the route families (the /auth area; the card-loading API
 *   and the processor's notifications; the page, health, keys, avatars, application upstreams), each
 *   with its body and answer helpers; routes/admin over them (the admin API answers as they do).
 * - openapi/: the documents, described from the routes' own schemas, and the routes serving them;
 *   lanes/: answers before Koa, deciding with the routes' own code.
 * - app.ts (a surface's Koa app), authentication.ts (the authenticator a gateway opens).
 * - surfaces/: what each listener serves; listening.ts listens; gateway.ts composes; main.ts runs.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['config-file.ts', 'config-admin.ts', 'tracing.ts'],
  ['config.ts'],
  ['auth', 'clients.ts'],
  ['state.ts', 'metrics.ts'],
  ['middleware'],
  ['routes/kit'],
  ['routes/auth', 'routes/payment', 'routes/site', 'routes/oidc'],
  ['routes/admin'],
  ['openapi', 'lanes'],
  ['app.ts', 'authentication.ts'],
  ['surfaces'],
  ['listening.ts', 'admin-tls.ts'],
  ['gateway.ts'],
  ['main.ts'],
];

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** A module's unit: routes/<family> for a route file, the folder of src/ or the file in it otherwise. */
function unitOf(relative: string): string {
  const [first = '', second, ...rest] = relative.split('/');
  if (first === 'routes' && second !== undefined) return rest.length > 0 ? `routes/${second}` : relative;
  return first;
}

/** The module a relative import names: `x.ts`, or `x/index.ts` for a folder. */
function resolve(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  const target = path.resolve(path.dirname(from), spec);
  return [`${target}.ts`, path.join(target, 'index.ts'), target].find((candidate) => files.has(candidate));
}

interface Graph {
  files: string[];
  edges: Map<string, string[]>;
  problems: string[];
}

function importGraph(): Graph {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  const problems: string[] = [];
  for (const file of files) {
    const targets: string[] = [];
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(file, spec, known);
      if (target === undefined) problems.push(`${rel(file)}: imports ${spec}, which is no module of gateway/src`);
      else targets.push(target);
    }
    edges.set(file, targets);
  }
  return { files, edges, problems };
}

/** Each import against LAYERS: empty when every import goes down or stays in its unit. */
function layerProblems(graph: Graph, layers = LAYERS): string[] {
  const layerOf = (unit: string) => layers.findIndex((layer) => layer.includes(unit));
  const problems = [...graph.problems];
  for (const file of graph.files) {
    const unit = unitOf(rel(file));
    const layer = layerOf(unit);
    if (layer < 0) {
      problems.push(`${rel(file)}: ${unit} is in no layer; add it to LAYERS`);
      continue;
    }
    for (const target of graph.edges.get(file) ?? []) {
      const targetUnit = unitOf(rel(target));
      if (targetUnit === unit) continue;
      const targetLayer = layerOf(targetUnit);
      if (targetLayer < 0 || targetLayer >= layer) {
        problems.push(`${rel(file)}: imports ${rel(target)} (${targetUnit}), which is not below ${unit}`);
      }
    }
  }
  return problems;
}

/** Every import circle, each once, as `a.ts → b.ts → a.ts` (Tarjan's strongly connected components). */
function circles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.reverse());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The source without its comments (those that start a line), so that prose naming a call is no call. */
function code(text: string): string {
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** What only the kit writes: a route file doing one of these writes its own. */
const KIT_ONLY: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a 405 (the kit answers a route’s other methods)', pattern: /\b(methodNotAllowed|refuseMethod)\s*\(/ },
  {
    what: 'the session cookies (the kit’s login answer, logout or caller)',
    pattern: /\b(setTokenCookies|clearTokenCookies|tokenCookies|clearedCookies)\s*\(/,
  },
  { what: 'a redirect (the kit’s login answer)', pattern: /\bctx\.redirect\s*\(/ },
  { what: 'the user JSON of a login (the kit’s login answer)', pattern: /JSON\.parse\([^)]*userJson/ },
  { what: 'its own query parser (the kit’s query reader)', pattern: /\bctx\.(request\.)?query\b/ },
  { what: 'the security headers (the kit’s router)', pattern: /\bsecurityHeaders\s*\(/ },
];

function kitOnlyProblems(name: string, text: string): string[] {
  const source = code(text);
  return KIT_ONLY.filter(({ pattern }) => pattern.test(source)).map(({ what }) => `${name} writes ${what}`);
}

describe('gateway layout', () => {
  const graph = importGraph();

  it('finds the modules and imports it checks', () => {
    expect(graph.files.length).toBeGreaterThan(80);
    expect(unitOf('routes/auth/totp.routes.ts')).toBe('routes/auth');
    expect(unitOf('routes/kit/index.ts')).toBe('routes/kit');
    expect(unitOf('routes/kit.ts')).toBe('routes/kit.ts');
    expect(unitOf('auth/cookies.ts')).toBe('auth');
    expect(unitOf('gateway.ts')).toBe('gateway.ts');
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(circles(edges)).toEqual([['a', 'b', 'c'], ['d']]);
    // An import back up is found: auth/ importing middleware/, a family importing another of its layer.
    const at = (f: string) => path.join(SRC, f);
    const upward: Graph = {
      files: [at('auth/x.ts'), at('routes/payment/y.ts')],
      edges: new Map([
        [at('auth/x.ts'), [at('middleware/errors.ts')]],
        [at('routes/payment/y.ts'), [at('routes/auth/link.ts'), at('routes/kit/index.ts')]],
      ]),
      problems: [],
    };
    expect(layerProblems(upward)).toEqual([
      'auth/x.ts: imports middleware/errors.ts (middleware), which is not below auth',
      'routes/payment/y.ts: imports routes/auth/link.ts (routes/auth), which is not below routes/payment',
    ]);
    expect(kitOnlyProblems('x.ts', "router.all('/x', methodNotAllowed('GET, HEAD'));")).toHaveLength(1);
    expect(kitOnlyProblems('x.ts', 'setTokenCookies(ctx, policy, done.session);\nctx.redirect(url);')).toHaveLength(2);
    expect(kitOnlyProblems('x.ts', 'const v = ctx.query[name];')).toHaveLength(1);
    expect(kitOnlyProblems('x.ts', 'const s = new URLSearchParams(ctx.querystring);')).toEqual([]);
    expect(kitOnlyProblems('x.ts', '  // the kit calls setTokenCookies(ctx, ...) for it')).toEqual([]);
  });

  it('imports only go down the layers', () => {
    expect(layerProblems(graph)).toEqual([]);
  });

  it('has no import circle', () => {
    expect(circles(graph.edges).map((c) => [...c, c[0]].map((f) => rel(f as string)).join(' → '))).toEqual([]);
  });

  it('leaves the login answer, logout, 405, security headers and query reading to the kit', () => {
    const routeFiles = graph.files.filter((f) => rel(f).startsWith('routes/') && !rel(f).startsWith('routes/kit/'));
    expect(routeFiles.length).toBeGreaterThan(20);
    const found = routeFiles.flatMap((f) => kitOnlyProblems(rel(f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
