// The admin API's clients as the tests of admin-clients*.test.ts call them: the stack with the provider
// on, the operator's token, every answer checked against the admin OpenAPI document, and openid-client
// set up for a client at the issuer.
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import * as oidc from 'openid-client';
import { type OidcStack, startOidcStack } from './oidc-stack';
import { AnswerChecker, type Document } from './openapi-answers';

export const REDIRECT = 'https://rp.example/callback';

export type Made = { client_id: string; client_secret?: string } & Record<string, unknown>;

export interface ClientsStack {
  stack: OidcStack;
  operator: string;
  /** A call of the admin API with the operator's token, its answer checked against the admin document. */
  admin(method: string, path: string, body?: unknown, raw?: string): Promise<Answer>;
  /** A client made by the admin API (201), as answered. */
  make(metadata: Record<string, unknown>): Promise<Made>;
  /** openid-client's configuration of a confidential client (client_secret_basic) at the issuer. */
  discover(clientId: string, secret: string): Promise<oidc.Configuration>;
}

export async function startClientsStack(): Promise<ClientsStack> {
  const stack = await startOidcStack();
  const operator = stack.workloadToken('admin');
  const doc = await fetch(`${stack.adminUrl}/admin/v1/openapi.json`);
  const checker = new AnswerChecker((await doc.json()) as Document);
  const admin = async (method: string, path: string, body?: unknown, raw?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${operator}` };
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    const res = await new Browser(stack.adminUrl).request(method, path, {
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    expect(checker.problems(method, path, res)).toEqual([]);
    return res;
  };
  return {
    stack,
    operator,
    admin,
    async make(metadata) {
      const res = await admin('POST', '/admin/v1/clients', metadata);
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      return res.json() as Made;
    },
    discover: (clientId, secret) =>
      oidc.discovery(new URL(stack.issuer), clientId, { client_secret: secret }, oidc.ClientSecretBasic(secret), {
        execute: [oidc.allowInsecureRequests],
      }),
  };
}
