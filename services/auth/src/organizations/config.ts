import { duration, z } from '@gatehouse/config';

/** The organisations' environment variables (docs/organizations.md "Settings"). */
export const organizationsSettingsShape = {
  /** Who may create an organisation: `admins` (global admins, attrs.admin) or `anyone` logged in. */
  AUTH_ORG_CREATE: z.enum(['anyone', 'admins'], { message: 'must be anyone or admins' }).default('admins'),
  /** How long an invitation can be accepted. */
  AUTH_ORG_INVITATION_TTL: duration('72h'),
};

/** The built-in role: every permission of the template, and the only role that may transfer ownership. */
export const OWNER = 'owner';

/** What lets a role manage members and invitations of its organisation. */
export const MEMBERS_WRITE = 'members:write';

const NAME = /^[a-z][a-z0-9_-]{0,31}$/;
const PERMISSION = /^[a-z][a-z0-9_.-]{0,31}(?::[a-z0-9_.*-]{1,32})?$/;

/** AUTH_CONFIG `organizations`: the role template every organisation applies (as Logto's). */
const sectionSchema = z.strictObject({
  roles: z
    .record(
      z.string().regex(NAME, 'a role name: lower-case letters, digits, _ and -'),
      z.array(z.string().regex(PERMISSION, 'a permission: name or name:action')).max(50),
    )
    .default({
      admin: [MEMBERS_WRITE, 'billing:read'],
      member: ['billing:read'],
    }),
  /** The role an invitation gives when it names none. */
  defaultRole: z.string().optional(),
});

export interface OrganizationsSettings {
  /** Role name to its permissions; `owner` is not in it (built in). */
  roles: Record<string, string[]>;
  defaultRole: string;
  createBy: 'anyone' | 'admins';
  invitationTtlMs: number;
}

/** The template and the settings, every problem pushed with its place. */
export function resolveOrganizationsSettings(
  raw: { AUTH_ORG_CREATE: 'anyone' | 'admins'; AUTH_ORG_INVITATION_TTL: number },
  section: unknown,
  problems: string[],
): OrganizationsSettings {
  const parsed = sectionSchema.safeParse(section ?? {});
  const base = { createBy: raw.AUTH_ORG_CREATE, invitationTtlMs: raw.AUTH_ORG_INVITATION_TTL };
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`AUTH_CONFIG organizations.${issue.path.join('.')}: ${issue.message}`);
    return { roles: {}, defaultRole: '', ...base };
  }
  const { roles, defaultRole } = parsed.data;
  if (OWNER in roles)
    problems.push('AUTH_CONFIG organizations.roles.owner: owner is built in (it holds every permission)');
  const names = Object.keys(roles);
  const chosen = defaultRole ?? (names.includes('member') ? 'member' : names[0]) ?? '';
  if (chosen && !names.includes(chosen))
    problems.push(`AUTH_CONFIG organizations.defaultRole: ${chosen} is not a role of the template`);
  return { roles, defaultRole: chosen, ...base };
}
