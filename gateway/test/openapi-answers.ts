// Checks real answers of a running gateway against its OpenAPI document: the operation by method and
// path (concrete paths before templated ones, as OpenAPI matches), the response by status (or
// `default`), the media type, the JSON body against the response schema (Ajv, JSON Schema 2020-12 as
// OpenAPI 3.1 uses), and the presence of every header the response requires.

import type { Answer } from '@gatehouse/test-kit/browser';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

interface MediaType {
  schema?: object;
}
interface Response {
  content?: Record<string, MediaType>;
  headers?: Record<string, { required?: boolean; schema?: object }>;
}
interface Operation {
  responses: Record<string, Response>;
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { path: string; pattern: RegExp; params: number }[];
  /** `METHOD template` → the statuses seen. */
  readonly seen = new Map<string, Set<number>>();

  constructor(private readonly document: Document) {
    this.templates = Object.keys(document.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  /** The documented path template a request path falls under. */
  template(method: string, path: string): string | undefined {
    return this.templates.find((t) => t.pattern.test(path) && this.document.paths[t.path]?.[method.toLowerCase()])
      ?.path;
  }

  /** Every way the answer departs from the document; [] when it keeps to it. */
  problems(method: string, url: string, answer: Answer): string[] {
    const path = new URL(url, 'http://x').pathname;
    const template = this.template(method, path);
    const where = `${method} ${path} → ${answer.status}`;
    if (!template) return [`${where}: no documented operation`];
    const key = `${method.toUpperCase()} ${template}`;
    if (!this.seen.has(key)) this.seen.set(key, new Set());
    this.seen.get(key)?.add(answer.status);
    const operation = this.document.paths[template]?.[method.toLowerCase()] as Operation;
    const statusKey = String(answer.status) in operation.responses ? String(answer.status) : 'default';
    const response = operation.responses[statusKey];
    if (!response) return [`${where}: status not documented (${Object.keys(operation.responses).join(', ')})`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = name.toLowerCase() === 'set-cookie' ? answer.cookies[0] : answer.headers.get(name);
      if (value == null) {
        if (header.required) problems.push(`${where}: header ${name} missing`);
        continue;
      }
      const validate = header.schema && this.validator(`${key} ${statusKey} header ${name}`, header.schema);
      if (validate && !validate(value))
        problems.push(`${where}: header ${name}: ${this.ajv.errorsText(validate.errors)}`);
    }
    const content = response.content;
    const bodyless = method.toUpperCase() === 'HEAD' || answer.status === 304;
    if (!content || bodyless) {
      if (answer.body.length > 0 && !bodyless) problems.push(`${where}: a body where none is documented`);
      return problems;
    }
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const media = content[type];
    if (!media) return [...problems, `${where}: content type "${type}" not documented (${Object.keys(content)})`];
    if (!/[/+]json$/.test(type) || !media.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [...problems, `${where}: the ${type} body is not JSON`];
    }
    const validate = this.validator(`${key} ${statusKey} ${type}`, media.schema);
    if (!validate(body)) {
      problems.push(`${where}: ${this.ajv.errorsText(validate.errors)} in ${answer.text.slice(0, 300)}`);
    }
    return problems;
  }

  /** A schema of the document compiled with its components, so `#/components/...` resolves. */
  private validator(key: string, schema: object): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
