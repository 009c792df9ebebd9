// What a request brings, read the one way every route reads it: its query (each parameter once, the
// first of a repeated one) and its body, checked against a zod schema, a bad one answered 400 with
// what is wrong.
import type Koa from 'koa';
import type { z } from 'zod';
import { HttpError } from '../../middleware/errors';

/** The query's parameters, one value each: a repeated parameter's first (`a=1&a=2` is `1`). */
export function queryValues(ctx: Koa.Context): Record<string, string> {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return Object.fromEntries(
    Object.entries(ctx.query).flatMap(([name, v]) => {
      const value = first(v);
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  );
}

/**
 * One parameter (a repeated one's first), undefined when absent; with `once`, undefined when repeated
 * too, for a parameter a caller must give once.
 */
export function queryParam(ctx: Koa.Context, name: string, { once = false } = {}): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) return once ? undefined : value[0];
  return value;
}

/** The query (queryValues) checked against `schema`: 400 `<parameter>: <what is wrong>` otherwise. */
export function queryOf<T>(ctx: Koa.Context, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(queryValues(ctx));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The body bodyReader has read, checked against `schema`: a bad body is a 400 saying what is wrong. */
export function bodyOf<T>(ctx: Koa.Context, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(ctx.request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError(400, `${where}${issue?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}
