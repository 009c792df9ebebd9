import type { User } from '@gatehouse/token';
import type { Authenticated } from './auth/authenticator';

// What the gateway's middleware leaves for the routes after it, on every request.
declare module 'koa' {
  interface DefaultState {
    /** The verified user, set by the authenticate middleware. */
    user?: User;
    auth?: Authenticated;
  }
}
