// The auth service's imports only go down (issue 17): every module of src/ belongs to one layer below,
// and may import its own folder or a lower layer, never a higher one nor a sibling of its own layer.
// Only the gRPC adapters and the composition root may use the transport libraries. Within a folder,
// modules import each other freely, but never in a circle (issue 44).
import path from 'node:path';
import {
  cyclesOf,
  importCycles,
  importsOf,
  layeringProblems,
  sourceFiles,
  TRANSPORT_PACKAGES,
} from '@gatehouse/test-kit/layering';

const SRC = path.join(__dirname, '..', 'src');

/**
 * Bottom first. A unit is a folder of src/ or a file directly in it.
 * - errors.ts, http/: the error-code registry both providers and logins throw from, and HTTP helpers
 *   the in-process servers share; they import nothing of the service.
 * - stores/, credentials/, senders/: the seams to the outside (state, password checks, messages), each
 *   with the settings type it reads; independent of each other.
 * - local-server/: the local OAuth2 server, an identity provider that runs in this process; providers
 *   start it and talk to it over HTTP like to any other, so it sits below them.
 * - providers/: what each identity provider is (endpoints, mapping, ID-token checks, the dev server)
 *   and starting the configured ones.
 * - directory/: the user directory (users, identities, linking, administration); login/ links through it.
 * - login/: the engines that sign a login's session (OAuth2 flow, login handlers' users, passkeys) and
 *   the built-in direct and verified logins, with their settings. totp/: the TOTP second factor (sealed
 *   secrets, codes, the login hold), beside login/, which it does not import.
 * - sessions/: what follows a login: the session list per device, refresh and logout, their events in
 *   the trail, and the finisher every login kind ends in (the hold, the device, login.succeeded, the
 *   count), over login/ and totp/.
 * - passwords/: password accounts of Gatehouse's own (hashing, their rows, sign-up, login, reset,
 *   change; the policy, the common and breached checks, CAPTCHA, imported hashes), over the directory's
 *   tables and the login engines' settings and templates; events/ records their failed logins.
 * - events/: the trail's webhooks, dispatcher and retention, and the failed attempts of the built-in logins.
 *   oidc/: Gatehouse as an OpenID provider (its clients, storage, keys, login and consent pages), beside
 *   events/, which it does not import.
 * - config.ts: reads the environment and assembles the settings types of every layer below it.
 * - grpc/: the adapters: the gRPC server, its handlers, and the clients of other services.
 * - start/: the composition root's feature factories, each opening one feature and registering its
 *   closes; service.ts: the composition root; main.ts: the process; cli/: one-shot entries (db-migrate).
 */
const LAYERS: string[][] = [
  ['errors.ts', 'http'],
  ['stores', 'credentials', 'senders'],
  ['local-server'],
  ['providers'],
  ['directory'],
  ['login', 'totp'],
  ['sessions'],
  ['passwords'],
  ['events', 'oidc', 'organizations'],
  ['config.ts'],
  ['grpc'],
  ['start'],
  // tracing.ts starts the OpenTelemetry SDK before anything else loads, so only main.ts imports it.
  ['service.ts', 'tracing.ts'],
  // cli/: the image's other entries, beside the process (db-migrate.js, the Kubernetes migration Job).
  ['main.ts', 'cli'],
];

/** Units that may speak gRPC (or serve HTTP with Koa); everything else is domain code. */
const TRANSPORT_UNITS = new Set(['grpc', 'start', 'service.ts', 'tracing.ts', 'main.ts']);

describe('auth service layering', () => {
  it('finds the modules it checks', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(30);
    expect(importsOf("import { a } from './a';\nexport * from '../b';\nawait import('./c');")).toEqual([
      './a',
      '../b',
      './c',
    ]);
    expect(
      ['@grpc/grpc-js', '@gatehouse/proto', 'koa', 'koa/lib', 'koa-compose'].map((p) => TRANSPORT_PACKAGES.test(p)),
    ).toEqual([true, true, true, true, false]);
    const graph = new Map([
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['a.ts', ['b.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts', 'd.ts -> d.ts']);
  });

  it('imports only go down, and only adapters use the transport', () => {
    expect(layeringProblems({ src: SRC, layers: LAYERS, transportUnits: TRANSPORT_UNITS })).toEqual([]);
  });

  it('has no import circle, within a folder either', () => {
    expect(importCycles(SRC)).toEqual([]);
  });
});
