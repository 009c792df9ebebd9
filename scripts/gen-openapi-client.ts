// Regenerates packages/client from the gateway's OpenAPI documents: openapi.json (the public document for
// the default AUTH_AVATAR_ROUTE_PATH, without a server) and src/schema.ts (its types, by
// openapi-typescript), and admin-openapi.json with src/admin-schema.ts (the admin listener's document).
// `pnpm gen` runs it; CI fails when the committed output differs (`git diff --exit-code`), and
// gateway/test/openapi-client.test.ts fails when openapi.json is not the document the gateway serves.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminOpenApiDocument } from '../gateway/src/openapi/admin.document';
import { openApiDocument } from '../gateway/src/openapi/document';

const clientDir = path.resolve(__dirname, '../packages/client');
const documentFile = path.join(clientDir, 'openapi.json');
const typesFile = path.join(clientDir, 'src/schema.ts');

const documents: [unknown, string, string][] = [
  [openApiDocument({ avatarRoutePath: '/avatar' }), documentFile, typesFile],
  [adminOpenApiDocument(), path.join(clientDir, 'admin-openapi.json'), path.join(clientDir, 'src/admin-schema.ts')],
];
// openapi-typescript needs TypeScript 5's compiler API, which the client package carries (the
// workspace's TypeScript 7 has none).
const bin = path.join(
  path.dirname(require.resolve('openapi-typescript/package.json', { paths: [clientDir] })),
  'bin/cli.js',
);
const biome = require.resolve('@biomejs/biome/bin/biome');
for (const [document, jsonFile, schemaFile] of documents) {
  writeFileSync(jsonFile, `${JSON.stringify(document, null, 2)}\n`);
  execFileSync(process.execPath, [bin, jsonFile, '--output', schemaFile, '--root-types'], { stdio: 'inherit' });
  execFileSync(process.execPath, [biome, 'format', '--write', jsonFile, schemaFile], { stdio: 'ignore' });
}
