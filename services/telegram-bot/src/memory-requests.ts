import { safeEqual } from '@gatehouse/token';
import {
  type CheckResult,
  type CodeResult,
  EXPIRED_GRACE_MS,
  hashCode,
  type LoginRequestStore,
  MAX_CODE_ATTEMPTS,
  type PressResult,
  type RequestState,
} from './requests';

interface Request {
  expiresAtMs: number;
  browserHash: string;
  starter?: string;
  candidate?: string;
  codeHash?: string;
  fails: number;
  userJson?: string;
}

/** One process, no Redis: for `pnpm start` on a fresh machine only (main.ts warns). Same rules as the Redis store. */
export class MemoryLoginRequestStore implements LoginRequestStore {
  private readonly requests = new Map<string, Request>();

  async create(token: string, expiresAtMs: number, browserHash = ''): Promise<void> {
    this.requests.set(token, { expiresAtMs, browserHash, fails: 0 });
    // Forget requests past their grace period, so the map cannot grow without bound.
    const now = Date.now();
    for (const [t, r] of this.requests) if (r.expiresAtMs + EXPIRED_GRACE_MS < now) this.requests.delete(t);
  }

  async peek(token: string, nowMs: number): Promise<RequestState> {
    const r = this.requests.get(token);
    if (!r || r.expiresAtMs + EXPIRED_GRACE_MS <= nowMs) return 'not_found';
    if (r.expiresAtMs <= nowMs) return 'expired';
    if (r.userJson !== undefined) return 'confirmed';
    return r.starter === undefined ? 'pending' : 'started';
  }

  async start(token: string, starter: string, userJson: string, codeHash: string, nowMs: number) {
    const r = this.requests.get(token);
    if (!r || (await this.peek(token, nowMs)) !== 'pending') return undefined;
    Object.assign(r, { starter, candidate: userJson, codeHash: codeHash || undefined });
    return r.expiresAtMs;
  }

  confirm(token: string, presser: string, nowMs: number): Promise<PressResult> {
    return this.press(token, presser, nowMs, 'confirm');
  }

  cancel(token: string, presser: string, nowMs: number): Promise<PressResult> {
    return this.press(token, presser, nowMs, 'cancel');
  }

  private async press(token: string, presser: string, nowMs: number, what: 'confirm' | 'cancel') {
    const r = this.requests.get(token);
    if (!r || (await this.peek(token, nowMs)) !== 'started' || r.codeHash !== undefined) return 'gone';
    if (r.starter !== presser) return 'not_yours';
    if (what === 'cancel') this.requests.delete(token);
    else r.userJson = r.candidate;
    return 'ok';
  }

  async take(token: string, nowMs: number, browserHash = ''): Promise<CheckResult> {
    const r = this.requests.get(token);
    if (!r || !safeEqual(r.browserHash, browserHash)) return { state: 'not_found' };
    const state = await this.peek(token, nowMs);
    if (state === 'pending') return { state: 'not_verified' };
    if (state === 'started') return { state: r.codeHash === undefined ? 'not_verified' : 'code_required' };
    if (state !== 'confirmed') return { state };
    this.requests.delete(token);
    return { state: 'ok', userJson: r.userJson! };
  }

  async checkCode(token: string, code: string, nowMs: number, browserHash = ''): Promise<CodeResult> {
    const r = this.requests.get(token);
    if (!r || !safeEqual(r.browserHash, browserHash)) return { state: 'not_found' };
    const state = await this.peek(token, nowMs);
    if (state === 'not_found' || state === 'expired') return { state };
    if (r.codeHash === undefined) return { state: 'not_verified' };
    if (safeEqual(r.codeHash, hashCode(code))) {
      this.requests.delete(token);
      return { state: 'ok', userJson: r.candidate! };
    }
    r.fails++;
    if (r.fails < MAX_CODE_ATTEMPTS) return { state: 'wrong_code', attemptsLeft: MAX_CODE_ATTEMPTS - r.fails };
    this.requests.delete(token);
    return { state: 'too_many_attempts' };
  }
}
