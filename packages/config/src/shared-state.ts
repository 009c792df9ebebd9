/** An address that only this machine reaches: a process bound there is one development process. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The problem, when there is one, of a process reachable beyond loopback whose state replicas must
 * share (one-time tokens, attempt counters, leases) but that has no REDIS_URL: in-process stores there
 * would let a token be replayed at another replica and give each replica its own attempt budget.
 */
export function sharedStoreProblem(
  hostSetting: string,
  host: string,
  redisUrl: string | undefined,
  what: string,
): string | undefined {
  if (redisUrl || isLoopbackHost(host)) return undefined;
  return `REDIS_URL: required when ${hostSetting}=${host} (not loopback): ${what} must be shared by every replica`;
}
