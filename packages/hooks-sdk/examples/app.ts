// An application behind Gatehouse, runnable as is: `npx tsx packages/hooks-sdk/examples/app.ts`.
// - its hooks server (127.0.0.1:50060): users, roles and blocking decided by the application;
// - an upstream (127.0.0.1:9000) the gateway proxies to, reading the user from X-Gatehouse-User;
// - a Koa app (127.0.0.1:9001) that verifies Gatehouse tokens itself with @gatehouse/koa-auth.
import http from 'node:http';
import { createAuth, mustGetUserInfo } from '@gatehouse/koa-auth';
import Koa from 'koa';
import { serveHooks } from '../src'; // an application imports '@gatehouse/hooks-sdk'

// The application's own user store. mallory can log in, but is blocked.
const users = new Map([
  ['carol', 'carol-password'],
  ['mallory', 'mallory-password'],
]);
const roles = new Map([['carol', 'staff']]);
const blocked = new Set<string>(['mallory']);

async function main() {
  const hooks = await serveHooks(
    {
      // Direct login of providers configured with `hook: true`.
      async checkCredentials(user, password) {
        return users.get(user) === password;
      },
      // At login and at every refresh: roles and the blocked mark go into the token.
      async updateClaims(claims) {
        const user = claims.user;
        if (user) {
          const role = roles.get(user.name);
          if (role) user.role = role;
          if (blocked.has(user.name)) user.attrs = { ...user.attrs, blocked: true };
        }
        return claims;
      },
      // On every protected request: a blocked user is refused (401).
      async validate(_token, claims) {
        return claims.user?.attrs?.blocked !== true;
      },
      // Routes with the update-user policy: what the upstream sees.
      async updateUser(user) {
        return { ...user, attrs: { ...user.attrs, plan: 'gold' } };
      },
    },
    { port: 50060 },
  );

  // The upstream of the proxied routes: the gateway already checked the policy.
  const upstream = http.createServer((req, res) => {
    const header = req.headers['x-gatehouse-user'];
    const user = typeof header === 'string' ? JSON.parse(Buffer.from(header, 'base64url').toString()) : null;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url, user }));
  });
  upstream.listen(9000, '127.0.0.1');

  // An application that verifies tokens itself, with the same secret as Gatehouse.
  const auth = createAuth({
    secret: process.env.AUTH_SECRET ?? '',
    validator: (_token, claims) => claims.user?.attrs?.blocked !== true,
  });
  const app = new Koa();
  app.use(async (ctx, next) => {
    if (ctx.path === '/me') {
      return auth.auth(ctx, async () => {
        ctx.body = mustGetUserInfo(ctx);
      });
    }
    if (ctx.path === '/staff') {
      return auth.rbac('staff')(ctx, async () => {
        ctx.body = { ok: true };
      });
    }
    return next();
  });
  app.listen(9001, '127.0.0.1');
  console.log(`hooks on 127.0.0.1:${hooks.port}, upstream on :9000, koa app on :9001`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
