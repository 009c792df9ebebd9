import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestCa {
  /** The CA's certificate (PEM file): what a client trusts. */
  caFile: string;
  /** A server certificate for 127.0.0.1 and localhost, signed by the CA, and its key. */
  certFile: string;
  keyFile: string;
  /** A client certificate and key signed by the CA (mutual TLS). */
  clientCertFile: string;
  clientKeyFile: string;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A private CA made with openssl in `dir` (prefix names the files), with a server and a client certificate. */
export function makeTestCa(dir: string, prefix = 'test'): TestCa {
  const f = (name: string) => path.join(dir, `${prefix}-${name}`);
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${prefix} test CA`,
      '-keyout',
      f('ca.key'),
      '-out',
      f('ca.crt'),
    ],
    dir,
  );
  writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  writeFileSync(f('client.ext'), 'extendedKeyUsage=clientAuth\n');
  for (const who of ['server', 'client']) {
    openssl(
      [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        `/CN=${who === 'server' ? 'localhost' : 'gatehouse'}`,
        '-keyout',
        f(`${who}.key`),
        '-out',
        f(`${who}.csr`),
      ],
      dir,
    );
    openssl(
      [
        'x509',
        '-req',
        '-in',
        f(`${who}.csr`),
        '-CA',
        f('ca.crt'),
        '-CAkey',
        f('ca.key'),
        '-CAcreateserial',
        '-days',
        '2',
        '-extfile',
        f(`${who}.ext`),
        '-out',
        f(`${who}.crt`),
      ],
      dir,
    );
    chmodSync(f(`${who}.key`), 0o600);
  }
  return {
    caFile: f('ca.crt'),
    certFile: f('server.crt'),
    keyFile: f('server.key'),
    clientCertFile: f('client.crt'),
    clientKeyFile: f('client.key'),
  };
}
