// Regenerates packages/client from the gateway's OpenAPI document: openapi.json (the document for the
// default AUTH_AVATAR_ROUTE_PATH, without a server) and src/schema.ts (its types, by openapi-typescript).
// `pnpm gen` runs it; CI fails when the committed output differs (`git diff --exit-code`), and
// gateway/test/openapi-client.test.ts fails when openapi.json is not the document the gateway serves.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../gateway/src/openapi/document';

const clientDir = path.resolve(__dirname, '../packages/client');
const documentFile = path.join(clientDir, 'openapi.json');
const typesFile = path.join(clientDir, 'src/schema.ts');

writeFileSync(documentFile, `${JSON.stringify(openApiDocument({ avatarRoutePath: '/avatar' }), null, 2)}\n`);
// openapi-typescript needs TypeScript 5's compiler API, which the client package carries (the
// workspace's TypeScript 7 has none).
const bin = path.join(
  path.dirname(require.resolve('openapi-typescript/package.json', { paths: [clientDir] })),
  'bin/cli.js',
);
execFileSync(process.execPath, [bin, documentFile, '--output', typesFile, '--root-types'], { stdio: 'inherit' });
const biome = require.resolve('@biomejs/biome/bin/biome');
execFileSync(process.execPath, [biome, 'format', '--write', documentFile, typesFile], { stdio: 'ignore' });
