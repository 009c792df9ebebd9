// The admin listener's settings (docs/accounts.md "Administration"): where it listens (ADMIN_ADDR) and,
// beyond loopback, only when asked (ADMIN_ALLOW_REMOTE) and only over TLS (ADMIN_TLS_CERT_FILE,
// ADMIN_TLS_KEY_FILE, or a certificate of its own: ADMIN_TLS_SELF_SIGNED). Its callers send operator tokens and admin session cookies: over plain HTTP on a
// network, whoever sees the traffic could replay them (issue 43, L6).
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { isLoopbackHost } from '@gatehouse/config';

export interface AdminListenerConfig {
  host: string;
  port: number;
  /** The certificate chain and key it serves HTTPS with; unset: plain HTTP, on loopback only. */
  tls?: { cert: Buffer; key: Buffer };
  /** Serve HTTPS with a certificate of its own, made at start (admin-tls.ts), kept in `dir` if given. */
  selfSigned?: { dir?: string };
}

export interface AdminListenerSettings {
  ADMIN_ADDR: string;
  ADMIN_ALLOW_REMOTE: boolean;
  ADMIN_TLS_CERT_FILE?: string;
  ADMIN_TLS_KEY_FILE?: string;
  ADMIN_TLS_SELF_SIGNED: boolean;
  ADMIN_TLS_SELF_SIGNED_DIR?: string;
  GATEWAY_PORT: number;
}

/** ADMIN_ADDR as host and port (`[::1]:8081` for IPv6), or undefined for `off`. */
function adminAddress(value: string, problems: string[]): { host: string; port: number } | undefined {
  if (value === 'off') return undefined;
  const match = /^(\[[0-9a-fA-F:]+\]|[^:\s]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port > 65_535) {
    problems.push('ADMIN_ADDR: must be host:port (e.g. 127.0.0.1:8081) or off');
    return undefined;
  }
  return { host: (match[1] as string).replace(/^\[(.*)\]$/, '$1'), port };
}

/** The certificate and key, read and tried together now: a listener that cannot serve them never starts. */
function tlsFiles(raw: AdminListenerSettings, problems: string[]): AdminListenerConfig['tls'] {
  const { ADMIN_TLS_CERT_FILE: certFile, ADMIN_TLS_KEY_FILE: keyFile } = raw;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    problems.push('ADMIN_TLS_CERT_FILE, ADMIN_TLS_KEY_FILE: set both (the certificate chain and its key) or neither');
    return undefined;
  }
  try {
    const files = { cert: readFileSync(certFile), key: readFileSync(keyFile) };
    createSecureContext(files);
    return files;
  } catch (err) {
    problems.push(`ADMIN_TLS_CERT_FILE: ${certFile} with ADMIN_TLS_KEY_FILE ${keyFile}: ${(err as Error).message}`);
    return undefined;
  }
}

/**
 * The admin listener, or undefined for `off`. Loopback (127.0.0.0/8, ::1, localhost) serves plain HTTP,
 * or HTTPS when given a certificate; any other address (0.0.0.0 and :: included) is refused unless
 * ADMIN_ALLOW_REMOTE=true, and then serves HTTPS or does not start.
 */
export function adminListener(raw: AdminListenerSettings, problems: string[]): AdminListenerConfig | undefined {
  const address = adminAddress(raw.ADMIN_ADDR, problems);
  if (!address) return undefined;
  if (address.port !== 0 && address.port === raw.GATEWAY_PORT) {
    problems.push('ADMIN_ADDR: must not be the public port (GATEWAY_PORT): the admin API is never served there');
  }
  const tls = tlsFiles(raw, problems);
  // Files given win: a certificate of its own is for where nobody has one to give.
  const selfSigned =
    !raw.ADMIN_TLS_CERT_FILE && !raw.ADMIN_TLS_KEY_FILE && raw.ADMIN_TLS_SELF_SIGNED
      ? { ...(raw.ADMIN_TLS_SELF_SIGNED_DIR ? { dir: raw.ADMIN_TLS_SELF_SIGNED_DIR } : {}) }
      : undefined;
  if (!isLoopbackHost(address.host)) {
    if (!raw.ADMIN_ALLOW_REMOTE) {
      problems.push(
        `ADMIN_ADDR: ${raw.ADMIN_ADDR} is not loopback, so other machines would reach the admin API: keep it on 127.0.0.1 and tunnel to it (SSH, kubectl port-forward), or set ADMIN_ALLOW_REMOTE=true with ADMIN_TLS_CERT_FILE and ADMIN_TLS_KEY_FILE`,
      );
    } else if (!selfSigned && (!raw.ADMIN_TLS_CERT_FILE || !raw.ADMIN_TLS_KEY_FILE)) {
      problems.push(
        `ADMIN_ALLOW_REMOTE: the admin listener beyond loopback (ADMIN_ADDR ${raw.ADMIN_ADDR}) serves HTTPS only: set ADMIN_TLS_CERT_FILE and ADMIN_TLS_KEY_FILE, or ADMIN_TLS_SELF_SIGNED=true`,
      );
    }
  }
  if (tls) return { ...address, tls };
  return selfSigned ? { ...address, selfSigned } : address;
}
