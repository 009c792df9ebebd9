import { AsyncLocalStorage } from 'node:async_hooks';
import type * as grpc from '@grpc/grpc-js';

/**
 * The deadline of the call a service is answering, so the calls it makes on its behalf end no later:
 * a caller that gave up leaves no work running downstream (auth → avatar, telegram-bot → avatar, hooks).
 */
const incoming = new AsyncLocalStorage<number>();

/** Runs `fn` (a handler) with the incoming call's deadline in scope; calls without one are run as they are. */
export function withIncomingDeadline<T>(call: { getDeadline?: () => grpc.Deadline }, fn: () => T): T {
  const deadline = call.getDeadline?.();
  const ms = deadline instanceof Date ? deadline.getTime() : typeof deadline === 'number' ? deadline : Infinity;
  return Number.isFinite(ms) ? incoming.run(ms, fn) : fn();
}

/** The outgoing deadline: `ownMs` from now, or the incoming call's deadline when that comes first. */
export function outgoingDeadline(ownMs: number): number {
  const own = Date.now() + ownMs;
  const parent = incoming.getStore();
  return parent !== undefined && parent < own ? parent : own;
}
