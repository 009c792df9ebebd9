import type http from 'node:http';
import type { Mount } from '../app';
import type { Lane } from '../lanes/lane';

/**
 * One HTTP face of the gateway: where it listens, what it serves (its mounts, which the OpenAPI route
 * check walks), Koa's handler for them, and its lanes, tried on the raw request before Koa. The public
 * surface is surfaces/public.ts; another (an admin listener) is another module beside it, listened on
 * by gateway.ts the same way, with no edit to the public one.
 */
export interface Surface {
  /** For the log: `public`, `admin`... */
  name: string;
  host: string;
  port: number;
  mounts: readonly Mount[];
  handle: http.RequestListener;
  lanes?: Lane;
}
