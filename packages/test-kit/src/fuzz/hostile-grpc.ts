// Seeded hostile gRPC requests, built from the services' own descriptors (@grpc/proto-loader): every
// field of a method's request is given a value of its type that a checked caller would never send (NUL,
// 100 kB, an unknown enum number, the extremes of an integer, NaN), or left out. Used by
// gateway/test/grpc-fuzz.test.ts against every unary method of every service; the same seed replays the inputs.
import type { PackageDefinition } from '@grpc/proto-loader';
import type { Gen } from './hostile';

interface FieldDescriptor {
  name: string;
  label: string;
  type: string;
  typeName: string;
}

interface TypeDefinition {
  format?: string;
  type?: { field?: FieldDescriptor[]; value?: { name: string; number: number }[] };
}

const STRINGS = (g: Gen): unknown[] => [
  '',
  'a\u0000b',
  '\u0000',
  'x'.repeat(100_000),
  '\ud83d\ude00'.repeat(1000),
  ' ',
  '../../etc/passwd',
  'dev_x',
  'dev_fuzz-victim',
  "'; DROP TABLE users; --",
  '%s%n',
  '{"name":"x","id":"admin"}',
  'https://evil.example.com/',
  'http://127.0.0.1:6666/x',
  '9999-99',
  '-1',
  g.text(30),
];
const INTEGERS = ['0', '-1', '1', '2147483647', '-2147483648', '9223372036854775807', '-9223372036854775808'];
const FLOATS = [0, -0, 1e308, -1e308, Number.NaN, Number.POSITIVE_INFINITY, 0.1];

function scalar(g: Gen, field: FieldDescriptor, types: PackageDefinition, depth: number): unknown {
  switch (field.type) {
    case 'TYPE_STRING':
      return g.pick(STRINGS(g));
    case 'TYPE_BYTES':
      return g.chance(0.1) ? Buffer.alloc(200_000, 1) : g.bytes(g.int(64));
    case 'TYPE_BOOL':
      return g.chance(0.5);
    case 'TYPE_DOUBLE':
    case 'TYPE_FLOAT':
      return g.pick(FLOATS);
    case 'TYPE_ENUM': {
      const values = (types[field.typeName.replace(/^\./, '')] as TypeDefinition | undefined)?.type?.value ?? [];
      return g.chance(0.2) ? 999 : g.pick(values.map((v) => v.name).concat('UNSPECIFIED'));
    }
    case 'TYPE_MESSAGE':
      return depth >= 3 || g.chance(0.2) ? undefined : hostileMessage(g, types, field.typeName, depth + 1);
    case 'TYPE_INT32':
    case 'TYPE_SINT32':
    case 'TYPE_SFIXED32':
      return Number(g.pick(INTEGERS.slice(0, 5)));
    case 'TYPE_UINT32':
    case 'TYPE_FIXED32':
      return Number(g.pick(['0', '1', '4294967295']));
    default: // the 64-bit integers, as strings (longs: String)
      return g.pick(
        field.type.includes('UINT') || field.type.includes('FIXED64') ? ['0', '1', '18446744073709551615'] : INTEGERS,
      );
  }
}

/** A request message of type `typeName` (a full name, with or without the leading dot). */
export function hostileMessage(g: Gen, types: PackageDefinition, typeName: string, depth = 0): Record<string, unknown> {
  const fields = (types[typeName.replace(/^\./, '')] as TypeDefinition | undefined)?.type?.field ?? [];
  const message: Record<string, unknown> = {};
  for (const field of fields) {
    if (g.chance(0.25)) continue; // left out: its default
    if (field.label === 'LABEL_REPEATED') {
      // Many items, or a few hostile ones: never 2,000 of 100 kB (a message the encoder takes seconds over).
      const many = field.type !== 'TYPE_MESSAGE' && field.type !== 'TYPE_BYTES' && g.chance(0.05);
      const items: unknown[] = many
        ? Array.from({ length: 2_000 }, (_, i) => (field.type === 'TYPE_STRING' ? `v${i}` : i))
        : [];
      for (let i = many ? 0 : g.int(4); i > 0; i--) items.push(scalar(g, field, types, depth));
      message[field.name] = items.filter((v) => v !== undefined);
    } else {
      const value = scalar(g, field, types, depth);
      if (value !== undefined) message[field.name] = value;
    }
  }
  return message;
}

export interface UnaryMethod {
  /** `package.Service`, e.g. `auth.v1.AuthService`. */
  service: string;
  /** The method's path, `/package.Service/Method`. */
  path: string;
  requestType: string;
  serialize: (value: object) => Buffer;
}

/** Every unary method of the services in `types` whose name starts with one of `packages`. */
export function unaryMethods(types: PackageDefinition, packages: string[]): UnaryMethod[] {
  const methods: UnaryMethod[] = [];
  for (const [name, entry] of Object.entries(types)) {
    if ('format' in entry || !packages.some((p) => name.startsWith(p))) continue;
    for (const method of Object.values(entry)) {
      if (method.requestStream || method.responseStream) continue;
      methods.push({
        service: name,
        path: method.path,
        requestType: typeNameOf(types, method.requestType, name),
        serialize: method.requestSerialize as (value: object) => Buffer,
      });
    }
  }
  return methods;
}

/** The full name of a method's request type: its entry in the definition (the same object), else beside the service. */
function typeNameOf(types: PackageDefinition, requestType: unknown, service: string): string {
  const found = Object.entries(types).find(([, v]) => v === requestType)?.[0];
  const short = (requestType as { type: { name: string } }).type.name;
  return found ?? `${service.slice(0, service.lastIndexOf('.'))}.${short}`;
}
