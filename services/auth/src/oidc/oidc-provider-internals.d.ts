// oidc-provider's per-request context store (lib/helpers/als.js), which `Provider.ctx` reads: the tests
// of read-ahead.ts enter a request's context as the library does, without a whole provider around it.
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';

  const als: AsyncLocalStorage<object>;
  export default als;
}
