// The documentation cannot drift from the code: every environment variable the code reads is named
// on a page, every variable a page documents is read by something, every `pnpm` command shown exists,
// and every relative link lands on a file and heading that exist. The README stays a short front door
// that links every page of docs/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@gatehouse/test-kit/stack';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && existsSync(path.join(ROOT, f)));
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');
const markdown = files.filter((f) => f.endsWith('.md'));
const generated = (f: string) => f.startsWith('packages/client/') || f.startsWith('packages/proto/src/gen/');

/** A setting's name as we write them: upper case words joined by underscores. */
const SETTING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * Variables the code reads, with a file that reads each: `env.<name>` and `env['<name>']` in TypeScript,
 * the keys of the config schemas, `${<name>}` in compose and Kubernetes files, `${<name>:-default}` in
 * shell scripts, `ARG <name>` in the Dockerfile, and the secrets a config file names with `clientSecretEnv`.
 */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (name: string, file: string) => found.has(name) || found.set(name, file);
  for (const file of files.filter((f) => !generated(f))) {
    const base = path.basename(file);
    if (/\.(ts|js|mjs)$/.test(file)) {
      const text = read(file);
      for (const m of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g))
        add(m[1] ?? m[2] ?? '', file);
      if (/config|settings|schema/i.test(base))
        for (const m of text.matchAll(/^\s+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):/gm)) add(m[1] ?? '', file);
    } else if (/\.ya?ml$/.test(file)) {
      const text = read(file);
      for (const m of text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)) add(m[1] ?? '', file);
      for (const m of text.matchAll(/clientSecretEnv:\s*([A-Z][A-Z0-9_]*)/g)) add(m[1] ?? '', file);
    } else if (/\.sh$/.test(file) || file === '.ci/run') {
      for (const m of read(file).matchAll(/\$\{([A-Z][A-Z0-9_]*):?[-?=]/g)) add(m[1] ?? '', file);
    } else if (base === 'Dockerfile') {
      for (const m of read(file).matchAll(/^ARG ([A-Z][A-Z0-9_]*)/gm)) add(m[1] ?? '', file);
    }
  }
  return found;
}

/** Set by the system or by a tool for its own children, never by whoever runs Gatehouse. */
const NOT_SETTINGS = new Set(['PATH', 'HOME', 'JEST_WORKER_ID']);
/** Read by Node.js itself; the pages tell when to set them. */
const READ_BY_NODE = new Set(['NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS']);

/** The code spans and blocks of a page: where a page names a variable. */
function codeOf(text: string): string {
  return [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((m) => m[0]).join('\n');
}

/** Every upper-case word a page names in code (a variable, a status, a placeholder). */
function namesMentioned(): Set<string> {
  const names = new Set<string>();
  for (const file of markdown)
    for (const m of codeOf(read(file)).matchAll(/\b[A-Z][A-Z0-9_]*[A-Z0-9]\b/g)) names.add(m[0]);
  return names;
}

/** What a page documents as a setting: the first column of a table, or `X=` in code. */
function variablesDocumented(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of markdown) {
    const text = read(file);
    for (const line of text.split('\n')) {
      const cell = /^\|\s*([^|]+)\|/.exec(line)?.[1] ?? '';
      for (const [, name = ''] of cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (SETTING.test(name)) found.set(name, file);
    }
    for (const [, name = ''] of codeOf(text).matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=/g)) found.set(name, file);
  }
  return found;
}

/** The OTEL_* names the installed OpenTelemetry packages read (the SDK takes its settings from the environment). */
function openTelemetryVariables(): Set<string> {
  const names = new Set<string>();
  const store = path.join(ROOT, 'node_modules/.pnpm');
  for (const dir of readdirSync(store).filter((d) => d.startsWith('@opentelemetry+'))) {
    const pkgRoot = path.join(store, dir, 'node_modules/@opentelemetry');
    for (const pkg of readdirSync(pkgRoot)) {
      const src = path.join(pkgRoot, pkg, 'build/src');
      if (!existsSync(src)) continue;
      const walk = (d: string): void => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) walk(p);
          else if (e.name.endsWith('.js'))
            for (const m of readFileSync(p, 'utf8').matchAll(/\bOTEL_[A-Z0-9_]+\b/g)) names.add(m[0]);
        }
      };
      walk(src);
    }
  }
  return names;
}

describe('the documentation and the code', () => {
  it('names every environment variable the code reads', () => {
    const mentioned = namesMentioned();
    const missing = [...variablesRead()]
      .filter(([name]) => !mentioned.has(name) && !NOT_SETTINGS.has(name))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('documents no variable that nothing reads', () => {
    const read = variablesRead();
    const otel = openTelemetryVariables();
    const unread = [...variablesDocumented()]
      .filter(([name]) => !read.has(name) && !READ_BY_NODE.has(name) && !otel.has(name))
      .map(([name, file]) => `${name} (documented in ${file})`);
    expect(unread).toEqual([]);
  });

  it('shows only pnpm commands that exist', () => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts);
    const builtins = ['install', 'i', 'add', 'exec', 'dlx', 'run', 'deploy', 'fetch', 'why', 'list', 'store'];
    const benches = [...read('bench/run.ts').matchAll(/^ {2}async (\w+)\(\)/gm)].map(([, name]) => name);
    const wrong: string[] = [];
    for (const file of markdown) {
      // A command is `pnpm`, its flags, then the script, where a command starts: a line, a code span,
      // `$(`, or after `&&`, `;` or `|` (so the prose of a comment, `if pnpm is missing`, is no command).
      const commands = /(?:^\s*|`|\$\(|&&\s*|[;|]\s*)pnpm((?: +-[\w-]+)*) +([a-z][\w:-]*)(?: +([a-z][\w-]*))?/gm;
      for (const m of codeOf(read(file)).matchAll(commands)) {
        const [, , command = '', arg] = m;
        if (!scripts.includes(command) && !builtins.includes(command)) wrong.push(`${file}: pnpm ${command}`);
        if (command === 'bench' && arg !== undefined && !benches.includes(arg))
          wrong.push(`${file}: pnpm bench ${arg} (known: ${benches.join(', ')})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-');
    const anchorsOf = (file: string) => {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading = '']) => slug(heading.trim())));
    };
    const broken: string[] = [];
    for (const file of markdown.filter((f) => !f.startsWith('node_modules/'))) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1] ?? '';
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        const [where = '', anchor] = target.split('#');
        const linked = where === '' ? file : path.normalize(path.join(path.dirname(file), where));
        if (!existsSync(path.join(ROOT, linked))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README a short front door that links every page', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThan(300);
    const pages = readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(pages.filter((page) => !readme.includes(`(docs/${page})`))).toEqual([]);
  });
});
