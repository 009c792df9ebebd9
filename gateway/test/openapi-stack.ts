// The stack the OpenAPI answers test drives: auth (with passkeys and a direct provider), avatar, payment
// on the development processor, and the gateway, ES256-signed so the JWKS routes answer; and browsers
// whose every answer from the gateway is checked against the document the gateway serves.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGatehouseClient, type GatehouseClient } from '@gatehouse/client';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { generateSigningJwk, publicKeySetOf } from '@gatehouse/token';
import bcrypt from 'bcryptjs';
import { startDevProcessor } from '../../services/payment/src/processor/dev';
import { AnswerChecker, type Document } from './openapi-answers';

export const ADMIN_PASSWORD = 'openapi-admin-password';

export interface OpenApiStack {
  stack: Stack;
  document: Document;
  checker: AnswerChecker;
  /** Every departure from the document seen so far. */
  problems: string[];
  stop(): Promise<void>;
}

export async function startOpenApiStack(): Promise<OpenApiStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-openapi-'));
  // One CREATE DATABASE at a time: two at once from template1 can refuse each other.
  const db = await createTestDatabase('gh_payment');
  const authDb = await createTestDatabase('gh_auth');
  const [fake, key] = await Promise.all([startDevProcessor(), generateSigningJwk('ES256')]);
  const keysFile = path.join(dir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify({ keys: [key] }));
  const publicFile = path.join(dir, 'public-keys.json');
  writeFileSync(publicFile, JSON.stringify(publicKeySetOf([key])));
  const htpasswd = path.join(dir, 'users.htpasswd');
  writeFileSync(htpasswd, `alice:${bcrypt.hashSync('alice-pw', 4)}\n`);
  const config = path.join(dir, 'auth.json');
  writeFileSync(config, JSON.stringify({ direct: [{ name: 'local', htpasswd }] }));
  let stack: Stack | undefined;
  const cleanup = async () => {
    await stack?.stop();
    await Promise.all([fake.close(), db.drop(), authDb.drop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      authDatabaseUrl: authDb.url,
      env: {
        DATABASE_URL: db.url,
        ...processorEnv(fake, '2s'),
        PAYMENT_MAX_CARDS_PER_OWNER: '2',
        AUTH_ORG_CREATE: 'anyone',
        AUTH_CONFIG: config,
        AUTH_LIMIT_DIRECT_USER: '2/1h',
        AUTH_JWT_ALG: 'ES256',
        AUTH_SIGNING_KEYS_FILE: keysFile,
        AUTH_ADMIN_PASSWD: ADMIN_PASSWORD,
      },
      serviceEnv: {
        gateway: { AUTH_SIGNING_KEYS_FILE: publicFile },
        auth: { AUTH_TOTP_KEY: randomBytes(32).toString('hex'), AUTH_OIDC_PROVIDER: 'true' },
      },
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  const document = (await (await fetch(`${stack.url}/openapi.json`)).json()) as Document;
  return { stack, document, checker: new AnswerChecker(document), problems: [], stop: cleanup };
}

/** A browser whose answers from the gateway are all checked; the dev provider's own pages are not. */
export class CheckedBrowser extends Browser {
  constructor(private readonly api: OpenApiStack) {
    super(api.stack.url);
  }

  override async request(
    method: string,
    pathOrUrl: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const answer = await super.request(method, pathOrUrl, init);
    const url = new URL(pathOrUrl, this.base);
    if (url.origin === new URL(this.base).origin)
      this.api.problems.push(...this.api.checker.problems(method, url.href, answer));
    return answer;
  }

  /** The typed client, sending through this browser (its cookies, the XSRF header of its session). */
  client(headers: Record<string, string> = {}): GatehouseClient {
    return createGatehouseClient({
      baseUrl: this.base,
      headers,
      xsrfToken: () => this.xsrf(),
      fetch: async (request: Request) => {
        const body = request.body ? await request.text() : undefined;
        const answer = await this.request(request.method, request.url, {
          headers: Object.fromEntries(request.headers),
          body,
        });
        const empty = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
        return new Response(empty ? null : new Uint8Array(answer.body), {
          status: answer.status,
          headers: answer.headers,
        });
      },
    });
  }
}
