// A certificate of its own for the admin listener (ADMIN_TLS_SELF_SIGNED, docs/admin-console.md): where
// an operator reaches the listener from beyond its own loopback without a certificate of theirs (the
// compose stack publishes it on the host's loopback, so inside the container it listens on 0.0.0.0),
// it still serves HTTPS only (issue 43, L6). The key never leaves the gateway (or its directory); the
// log says the certificate's SHA-256 fingerprint and the key's pin, so a browser's warning and
// `curl --pinnedpubkey` can be checked against them.
import { createHash, webcrypto, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import type { Logger } from '@gatehouse/logger';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
}

const CERT_FILE = 'admin-listener.crt';
const KEY_FILE = 'admin-listener.key';
/** Renewed a month before it ends: a kept certificate is good for a year. */
const LIFETIME_MS = 365 * 86_400_000;
const RENEW_BEFORE_MS = 30 * 86_400_000;

/** Generates an ECDSA P-256 certificate for localhost, 127.0.0.1 and ::1, valid for a year. */
async function generate(): Promise<TlsMaterial> {
  // @peculiar/x509 (already in the tree for passkeys) resolves its parts through tsyringe, which needs
  // the Reflect metadata polyfill loaded first; loaded only here, when a certificate is made.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: webcrypto
      .getRandomValues(Buffer.alloc(16))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: 'CN=Gatehouse admin listener',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + LIFETIME_MS),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
  return { cert: Buffer.from(cert.toString('pem')), key: Buffer.from(key.replace('\n\n', '\n')) };
}

/** The pair kept in `dir`, when it is there, usable and not about to end. */
function kept(dir: string): TlsMaterial | undefined {
  let material: TlsMaterial;
  try {
    material = { cert: readFileSync(path.join(dir, CERT_FILE)), key: readFileSync(path.join(dir, KEY_FILE)) };
  } catch {
    return undefined;
  }
  try {
    createSecureContext(material);
    const ends = Date.parse(new X509Certificate(material.cert).validTo);
    return ends - Date.now() > RENEW_BEFORE_MS ? material : undefined;
  } catch {
    return undefined; // unreadable or mismatched: made again
  }
}

/** Writes a file whole or not at all (a replica reading at the same moment sees the old or the new). */
function writeWhole(file: string, content: Buffer, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode });
  renameSync(temporary, file);
}

/** The certificate's SHA-256 fingerprint (as browsers show it) and its key's pin (curl --pinnedpubkey). */
export function describeCertificate(cert: Buffer): { fingerprint: string; pin: string } {
  const x = new X509Certificate(cert);
  const spki = x.publicKey.export({ type: 'spki', format: 'der' });
  return {
    fingerprint: x.fingerprint256,
    pin: `sha256//${createHash('sha256').update(spki).digest('base64')}`,
  };
}

/**
 * The admin listener's own certificate: the one kept in `dir` when given (made there the first time and
 * again a month before it ends, so browsers and pins keep trusting it across restarts), else a new one
 * in memory for this process's life.
 */
export async function selfSignedAdminTls(dir: string | undefined, log: Logger): Promise<TlsMaterial> {
  let material = dir ? kept(dir) : undefined;
  if (!material) {
    material = await generate();
    if (dir) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // The key first: a reader that finds the new certificate finds its key too.
      writeWhole(path.join(dir, KEY_FILE), material.key, 0o600);
      writeWhole(path.join(dir, CERT_FILE), material.cert, 0o644);
    }
  }
  const { fingerprint, pin } = describeCertificate(material.cert);
  log.info(
    { fingerprint, pin, kept: dir ? path.join(dir, CERT_FILE) : 'memory' },
    'admin listener: self-signed certificate (ADMIN_TLS_SELF_SIGNED); check a browser warning against the fingerprint, or curl --pinnedpubkey with the pin',
  );
  return material;
}
