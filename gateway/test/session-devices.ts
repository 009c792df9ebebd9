// The devices of the sessions-per-device tests (sessions*.test.ts): browser-like clients, each with its
// own User-Agent and client address (sent as X-Forwarded-For: the stacks trust one proxy).
import { type Answer, Browser } from '@gatehouse/test-kit/browser';

/** A browser on its own device: every request carries its User-Agent, through a proxy naming its address. */
export class Device extends Browser {
  constructor(
    base: string,
    readonly userAgent: string,
    readonly ip: string,
  ) {
    super(base);
  }

  override request(method: string, pathOrUrl: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const headers = { 'user-agent': this.userAgent, 'x-forwarded-for': this.ip, ...init.headers };
    return super.request(method, pathOrUrl, { ...init, headers });
  }

  async send(method: string, path: string): Promise<Answer> {
    return this.request(method, path, { headers: { 'x-xsrf-token': await this.xsrf() } });
  }
}

export interface Listed {
  id: string;
  created_at: string;
  last_seen_at: string;
  provider: string;
  user_agent: string;
  ip: string;
  current: boolean;
}

let nextDevice = 1;
/** A new device logged in as `user` through the dev provider. */
export async function loggedIn(url: string, user: string): Promise<Device> {
  const n = nextDevice++;
  const device = new Device(url, `TestBrowser/${n}.0 (device ${n})`, `198.51.100.${n}`);
  const res = await device.devLogin(user);
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.text}`);
  return device;
}

export async function list(device: Device): Promise<Listed[]> {
  const res = await device.send('GET', '/auth/sessions');
  expect(res.status).toBe(200);
  return (res.json() as { sessions: Listed[] }).sessions;
}

export const userOf = async (device: Device) => (await device.send('GET', '/auth/user')).status;
