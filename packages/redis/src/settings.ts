import { existsSync } from 'node:fs';
import { list, optionalText } from '@gatehouse/config';

/**
 * The Redis settings every process that uses Redis reads, next to its own REDIS_URL: TLS with a
 * private CA (and a client certificate for mutual TLS), and Sentinel. Spread into a process's schema.
 */
export const redisSettingsShape = {
  REDIS_TLS_CA_FILE: optionalText(),
  REDIS_TLS_CERT_FILE: optionalText(),
  REDIS_TLS_KEY_FILE: optionalText(),
  REDIS_SENTINELS: list(),
  REDIS_SENTINEL_NAME: optionalText(),
  REDIS_SENTINEL_PASSWORD: optionalText(),
};

export interface RedisSettingsRaw {
  REDIS_URL?: string;
  REDIS_TLS_CA_FILE?: string;
  REDIS_TLS_CERT_FILE?: string;
  REDIS_TLS_KEY_FILE?: string;
  REDIS_SENTINELS: string[];
  REDIS_SENTINEL_NAME?: string;
  REDIS_SENTINEL_PASSWORD?: string;
}

/** How to reach Redis: REDIS_URL, plus TLS files and Sentinel when set. */
export interface RedisConnection {
  /**
   * REDIS_URL. With Sentinel its host is not used: the scheme (rediss:// = TLS to the master and the
   * sentinels), the user name, password and database number are.
   */
  url: string;
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
  sentinel?: { sentinels: { host: string; port: number }[]; name: string; password?: string };
}

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/**
 * The connection the settings describe, or undefined without REDIS_URL; each mistake is pushed onto
 * `problems` with the setting it is about.
 */
export function resolveRedisConnection(raw: RedisSettingsRaw, problems: string[]): RedisConnection | undefined {
  const url = raw.REDIS_URL;
  const tlsSet = [raw.REDIS_TLS_CA_FILE, raw.REDIS_TLS_CERT_FILE, raw.REDIS_TLS_KEY_FILE].some(Boolean);
  const sentinelSet = raw.REDIS_SENTINELS.length > 0 || raw.REDIS_SENTINEL_NAME !== undefined;
  if (!url) {
    if (tlsSet || sentinelSet) problems.push('REDIS_URL: is required with REDIS_TLS_* and REDIS_SENTINEL* settings');
    return undefined;
  }
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    problems.push('REDIS_URL: is not a URL (redis://[:password@]host:port[/db] or rediss://...)');
    return undefined;
  }
  if (scheme !== 'redis:' && scheme !== 'rediss:') problems.push('REDIS_URL: must start with redis:// or rediss://');
  if (tlsSet && scheme !== 'rediss:') problems.push('REDIS_TLS_*: need a rediss:// REDIS_URL (TLS)');
  if (Boolean(raw.REDIS_TLS_CERT_FILE) !== Boolean(raw.REDIS_TLS_KEY_FILE)) {
    problems.push('REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE: set both (mutual TLS) or neither');
  }
  for (const [name, file] of [
    ['REDIS_TLS_CA_FILE', raw.REDIS_TLS_CA_FILE],
    ['REDIS_TLS_CERT_FILE', raw.REDIS_TLS_CERT_FILE],
    ['REDIS_TLS_KEY_FILE', raw.REDIS_TLS_KEY_FILE],
  ] as const) {
    if (file && !existsSync(file)) problems.push(`${name}: ${file} does not exist`);
  }
  const connection: RedisConnection = { url };
  if (scheme === 'rediss:') {
    connection.tls = {
      caFile: raw.REDIS_TLS_CA_FILE,
      certFile: raw.REDIS_TLS_CERT_FILE,
      keyFile: raw.REDIS_TLS_KEY_FILE,
    };
  }
  if (sentinelSet) {
    const sentinels: { host: string; port: number }[] = [];
    for (const entry of raw.REDIS_SENTINELS) {
      const m = HOST_PORT.exec(entry);
      if (!m || Number(m[2]) > 65535) problems.push(`REDIS_SENTINELS: "${entry}" is not host:port`);
      else sentinels.push({ host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) });
    }
    if (raw.REDIS_SENTINELS.length === 0) problems.push('REDIS_SENTINELS: is required with REDIS_SENTINEL_NAME');
    if (!raw.REDIS_SENTINEL_NAME)
      problems.push('REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS (the master name)');
    connection.sentinel = {
      sentinels,
      name: raw.REDIS_SENTINEL_NAME ?? '',
      password: raw.REDIS_SENTINEL_PASSWORD,
    };
  }
  return connection;
}
