// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the resolver's cases are console source text, templates included
// The admin console and the admin API in step (issue 48): every `/admin/v1/...` call a console module
// makes (`call('METHOD', path)` in gateway/src/admin-page/*.js) must be a route and method the admin
// OpenAPI document has. No browser, no server: the modules' text is read and their calls resolved
// (path helpers such as userPath(id), template parts, query strings) into path templates.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminOpenApiDocument } from '../src/openapi/admin.document';

const PAGE_DIR = path.join(__dirname, '..', 'src', 'admin-page');

/** The text of the call's arguments from `start` (just after `call(`) to its closing parenthesis. */
function argumentsOf(text: string, start: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  let quote: string | null = null;
  const templateDepth: number[] = [];
  for (let i = start; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      current += ch;
      if (ch === '\\') {
        current += text[++i];
      } else if (quote === '`' && ch === '$' && text[i + 1] === '{') {
        current += '{';
        i++;
        templateDepth.push(depth);
        depth++;
        quote = null;
      } else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
      current += ch;
    } else if (ch === '(' || ch === '[' || ch === '{') {
      depth++;
      current += ch;
    } else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) {
        args.push(current.trim());
        return args;
      }
      depth--;
      current += ch;
      // The end of a template's ${...}: back inside the template literal.
      if (ch === '}' && templateDepth.at(-1) === depth) {
        templateDepth.pop();
        quote = '`';
      }
    } else if (ch === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
    } else current += ch;
  }
  throw new Error(`unclosed call at ${start}`);
}

/** `const userPath = (id) => \`/admin/v1/users/${enc(id)}\`` and the like (any arguments), by name. */
function pathHelpers(text: string): Map<string, string> {
  const helpers = new Map<string, string>();
  for (const m of text.matchAll(/const (\w+) = \([\w, ]*\) =>\s*`(\/admin\/v1\/[^`]*)`/g)) {
    helpers.set(m[1] as string, (m[2] as string).replace(/\$\{[^}]*\}/g, '{}'));
  }
  return helpers;
}

/** A path expression (a string, a template or a helper call) as a template: `/admin/v1/users/{}`. */
function resolve(expression: string, helpers: Map<string, string>): string | null {
  const helper = expression.match(/^(\w+)\(.*\)$/s);
  if (helper) return helpers.get(helper[1] as string) ?? null;
  const literal = expression.match(/^(['"`])(.*)\1$/s);
  if (!literal) return null;
  let body = literal[2] as string;
  if (literal[1] === '`') {
    // Innermost ${...} first, so nested parentheses and templates inside one resolve whole.
    let previous = '';
    while (previous !== body) {
      previous = body;
      body = body.replace(/\$\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/, (_all, inner: string) => {
        const call = inner.trim().match(/^(\w+)\(/);
        if (call && helpers.has(call[1] as string)) return helpers.get(call[1] as string) as string;
        if (call?.[1] === 'query' || inner.includes("'?")) return '';
        return '{}';
      });
    }
  }
  return body.split('?')[0] as string;
}

interface ConsoleCall {
  file: string;
  method: string;
  path: string;
}

function consoleCalls(): { calls: ConsoleCall[]; unresolved: string[] } {
  const calls: ConsoleCall[] = [];
  const unresolved: string[] = [];
  for (const file of readdirSync(PAGE_DIR).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(PAGE_DIR, file), 'utf8');
    const helpers = pathHelpers(text);
    for (const m of text.matchAll(/\bcall\(/g)) {
      // `function call(`/`async function call(` is the definition (api.js), not a call.
      if (/function\s+$/.test(text.slice(Math.max(0, (m.index ?? 0) - 16), m.index))) continue;
      const [methodText = '', pathText = ''] = argumentsOf(text, (m.index ?? 0) + m[0].length);
      const method = methodText.match(/^'([A-Z]+)'$/)?.[1];
      const resolved = resolve(pathText, helpers);
      if (!method || !resolved) unresolved.push(`${file}: call(${methodText}, ${pathText})`);
      else calls.push({ file, method: method.toLowerCase(), path: resolved });
    }
  }
  return { calls, unresolved };
}

/** The document's path template as a pattern: `{id}` takes any one segment, `{}` included. */
function matches(documented: string, called: string): boolean {
  const d = documented.split('/');
  const c = called.split('/');
  return d.length === c.length && d.every((segment, i) => /^\{\w+\}$/.test(segment) || segment === c[i]);
}

describe('the admin console and the admin API', () => {
  const { calls, unresolved } = consoleCalls();
  const document = adminOpenApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };

  test('every call of a console module is resolved to a method and a path', () => {
    expect(unresolved).toEqual([]);
    // The scan sees the views: each of them calls the API, and all of them together a good many routes.
    const files = new Set(calls.map((c) => c.file));
    for (const view of ['overview.js', 'users.js', 'activity.js', 'webhooks.js', 'money.js', 'clients.js', 'orgs.js']) {
      expect(files).toContain(view);
    }
    expect(calls.length).toBeGreaterThan(30);
    expect(calls).toContainEqual({ file: 'users.js', method: 'post', path: '/admin/v1/users/{}/block' });
  });

  test('every route a console module calls is in the admin OpenAPI document, with its method', () => {
    const missing = calls
      .filter(
        (c) =>
          !Object.entries(document.paths).some(
            ([documented, operations]) => matches(documented, c.path) && c.method in operations,
          ),
      )
      .map((c) => `${c.file}: ${c.method.toUpperCase()} ${c.path}`);
    expect(missing).toEqual([]);
  });

  test('only api.js talks to the server', () => {
    for (const file of readdirSync(PAGE_DIR).filter((f) => f.endsWith('.js') && f !== 'api.js')) {
      const text = readFileSync(path.join(PAGE_DIR, file), 'utf8');
      expect([file, /\bfetch\(|XMLHttpRequest|EventSource|WebSocket/.test(text)]).toEqual([file, false]);
    }
  });

  test('the resolver understands what the views write', () => {
    const helpers = new Map([['hookPath', '/admin/v1/webhooks/{}']]);
    expect(resolve('`${hookPath(id)}/deliveries/${enc(String(d.id))}/retry`', helpers)).toBe(
      '/admin/v1/webhooks/{}/deliveries/{}/retry',
    );
    expect(resolve("`/admin/v1/events${query({ ...filters(), cursor: next ? cursor : '' })}`", helpers)).toBe(
      '/admin/v1/events',
    );
    expect(resolve("'/admin/v1/disputes?status=open'", helpers)).toBe('/admin/v1/disputes');
    expect(resolve("`${hookPath(id)}${x > 0 ? '?force=true' : ''}`", helpers)).toBe('/admin/v1/webhooks/{}');
    expect(matches('/admin/v1/users/{id}/block', '/admin/v1/users/{}/block')).toBe(true);
    expect(matches('/admin/v1/users/{id}', '/admin/v1/users/{}/block')).toBe(false);
  });
});
