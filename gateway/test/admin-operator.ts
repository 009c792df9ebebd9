// An operator at the admin listener of a test stack: their workload token (as `pnpm -s internal-token
// admin` prints it, from the stack's key folders), and calls of the admin API whose every answer is
// checked against the admin OpenAPI document the listener serves.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { AnswerChecker, type Document } from './openapi-answers';

const ROOT = path.resolve(__dirname, '../..');

/** The operator's token for the stack whose data folder is `dataDir`. */
export function operatorToken(dataDir: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(dataDir, 'internal-keys') },
  })
    .toString()
    .trim();
}

/** The admin document the listener at `adminUrl` serves, as a checker of answers. */
export async function adminChecker(adminUrl: string): Promise<AnswerChecker> {
  const doc = await fetch(`${adminUrl}/admin/v1/openapi.json`);
  return new AnswerChecker((await doc.json()) as Document);
}

/**
 * `admin(method, route, body?, token?)` for a stack started by a `beforeAll` of the test file: set up in
 * its own `beforeAll` (after the stack's), each call sends the operator's token unless given another
 * (an empty string: none) and JSON, and checks the answer against the document.
 */
export function useAdminOperator(stack: () => { dataDir: string; ports: { admin: number } }) {
  const state = {} as { token: string; checker: AnswerChecker; url: string };
  beforeAll(async () => {
    state.url = `http://127.0.0.1:${stack().ports.admin}`;
    state.token = operatorToken(stack().dataDir);
    state.checker = await adminChecker(state.url);
  }, 60_000);
  async function admin(method: string, route: string, body?: unknown, token?: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    const bearer = token ?? state.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await new Browser(state.url).request(method, route, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(state.checker.problems(method, route, res)).toEqual([]);
    return res;
  }
  return { admin, operator: () => state.token, adminUrl: () => state.url };
}
