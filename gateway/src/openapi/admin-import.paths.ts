import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { AuthError, json, NO_STORE } from './common';

/** The admin API's import of users with their hashes (routes/admin/import.routes.ts, docs/password-import.md). */

const error = (description: string) => ({ description, content: json(AuthError) });

const ImportAnswer = z
  .strictObject({
    imported: z.number().int().min(0).meta({ description: 'Users added, each with a password identity' }),
    unchanged: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Lines whose address is already a password account (a re-run changes nothing)' }),
    refused: z.number().int().min(0).meta({ description: 'Lines refused' }),
    refusals: z
      .array(z.strictObject({ line: z.number().int().min(1), reason: z.string() }))
      .meta({ description: 'Each refused line (the first 10,000), by line number' }),
    refusals_truncated: z.boolean().meta({ description: 'More lines were refused than are listed' }),
  })
  .meta({ id: 'UserImportAnswer' });

export function registerAdminImportPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/users/import',
    summary: 'Imports users with their password hashes from JSON lines, streamed; idempotent by email',
    request: {
      body: {
        description:
          'One JSON object a line: {"email", "name"?, "email_verified"?, "password_hash"?}; password_hash is a bcrypt, Argon2, scrypt or PBKDF2-SHA256 string, or {"firebase_scrypt": {...}}',
        content: { 'application/x-ndjson': { schema: z.string() } },
      },
    },
    responses: {
      200: {
        description: 'The lines, counted',
        headers: z.object({ 'Cache-Control': NO_STORE }),
        content: json(ImportAnswer),
      },
      ...refusals,
      415: error('Not JSON lines, or a content-encoded body'),
      503: error('The auth service stopped answering part-way; the lines before were imported: send the file again'),
    },
  });
}
