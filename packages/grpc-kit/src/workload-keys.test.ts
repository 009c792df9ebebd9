// Key per workload (docs/deployment.md "Keys per workload"): each workload's folder holds its own private key and
// the public keys only, its tokens verify everywhere, and a folder that also holds another identity's
// private key is named in a warning at start.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureWorkloadKeys,
  foreignPrivateKeys,
  INTERNAL_IDENTITIES,
  InternalAuth,
  openInternalAuth,
} from './internal-auth';

let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'workload-keys-'));
  await ensureWorkloadKeys(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('gives every workload its own private key and every public key, nothing else', () => {
  for (const name of INTERNAL_IDENTITIES) {
    const files = readdirSync(path.join(root, name)).sort();
    expect(files.filter((f) => f.endsWith('.key.json'))).toEqual([`${name}.key.json`]);
    expect(files.filter((f) => f.endsWith('.pub.json')).sort()).toEqual(
      INTERNAL_IDENTITIES.map((n) => `${n}.pub.json`).sort(),
    );
  }
});

it("verifies one workload's token with another's folder, and cannot sign as anyone else", async () => {
  const gateway = await InternalAuth.load(path.join(root, 'gateway'), 'gateway');
  const payment = await InternalAuth.load(path.join(root, 'payment'), 'payment');
  expect(await payment.verify(await gateway.sign('payment'), 'payment')).toBe('gateway');
  const impostor = await InternalAuth.load(path.join(root, 'avatar'), 'gateway');
  await expect(impostor.sign('payment')).rejects.toThrow(/no private key for gateway/);
});

it('keeps the pairs it made: a second run changes no key', async () => {
  const before = (await InternalAuth.load(path.join(root, 'auth'), 'auth')).sign('avatar');
  await ensureWorkloadKeys(root);
  const avatar = await InternalAuth.load(path.join(root, 'avatar'), 'avatar');
  expect(await avatar.verify(await before, 'avatar')).toBe('auth');
});

it("warns, naming the file, when another identity's private key is readable", async () => {
  const shared = path.join(root, 'avatar');
  expect(foreignPrivateKeys(shared, 'avatar')).toEqual([]);
  copyFileSync(path.join(root, 'gateway', 'gateway.key.json'), path.join(shared, 'gateway.key.json'));
  const warnings: string[] = [];
  await openInternalAuth(shared, 'avatar', [], { warn: (_obj, msg) => warnings.push(msg) });
  expect(warnings).toEqual([expect.stringContaining(path.join(shared, 'gateway.key.json'))]);
  rmSync(path.join(shared, 'gateway.key.json'));
});
