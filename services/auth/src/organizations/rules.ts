import { AppError } from '@gatehouse/errors';
import { AuthErrors } from '../errors';
import { MEMBERS_WRITE, OWNER } from './config';

/** The organisations' refusals, each with the code the gateway maps to its HTTP status. */
export const orgErrors = {
  disabled: () =>
    new AppError('failed_precondition', AuthErrors.ORGS_DISABLED, 'organisations need the directory (DATABASE_URL)'),
  badRequest: (message: string) => new AppError('invalid_argument', AuthErrors.ORG_BAD_REQUEST, message),
  // A stranger to an organisation hears the same whether it exists or not: 403, no probing of ids.
  notFound: () => new AppError('permission_denied', AuthErrors.ORG_NOT_FOUND, 'not a member of this organization'),
  slugTaken: () => new AppError('already_exists', AuthErrors.ORG_SLUG_TAKEN, 'slug is taken'),
  createRefused: () =>
    new AppError(
      'permission_denied',
      AuthErrors.ORG_FORBIDDEN,
      'only admins may create organizations (AUTH_ORG_CREATE)',
    ),
  forbidden: (why = 'not allowed in this organization') =>
    new AppError('permission_denied', AuthErrors.ORG_FORBIDDEN, why),
  memberNotFound: () => new AppError('not_found', AuthErrors.ORG_MEMBER_NOT_FOUND, 'member not found'),
  lastOwner: () =>
    new AppError('failed_precondition', AuthErrors.ORG_LAST_OWNER, 'the last owner cannot leave or lose ownership'),
  // The admin API's: an organisation named by an administrator that is not there is just not found.
  orgMissing: () => new AppError('not_found', AuthErrors.ORG_NOT_FOUND, 'no organization has this id or slug'),
  hasMembers: () =>
    new AppError(
      'failed_precondition',
      AuthErrors.ORG_HAS_MEMBERS,
      'the organization has members: remove them first, or delete it with force',
    ),
  invitationNotFound: () =>
    new AppError('not_found', AuthErrors.ORG_INVITATION_NOT_FOUND, 'invitation not found, used or expired'),
  notRecipient: () =>
    new AppError(
      'permission_denied',
      AuthErrors.ORG_NOT_RECIPIENT,
      'the invited address is not a verified address of this account',
    ),
};

/** The role template as the domain reads it: role names, their permissions, and owner's (all of them). */
export class RoleTemplate {
  private readonly all: string[];

  constructor(private readonly roles: Record<string, string[]>) {
    this.all = [...new Set(Object.values(roles).flat())].sort();
  }

  /** The permissions of a set of roles; owner holds every permission of the template. */
  permissions(roles: readonly string[]): string[] {
    if (roles.includes(OWNER)) return this.all;
    return [...new Set(roles.flatMap((r) => this.roles[r] ?? []))].sort();
  }

  /** Whether these roles may manage members and invitations (owner, or a role holding members:write). */
  manages(roles: readonly string[] | undefined): boolean {
    return !!roles && (roles.includes(OWNER) || this.permissions(roles).includes(MEMBERS_WRITE));
  }

  /** Roles a member can be given (never owner, which only a transfer gives), checked and in order. */
  assignable(roles: readonly string[]): string[] {
    if (roles.length === 0 || roles.length > 20) throw orgErrors.badRequest('roles: give 1 to 20 roles');
    for (const r of roles) {
      if (r === OWNER) throw orgErrors.badRequest('roles: owner is given by a transfer of ownership');
      if (!(r in this.roles)) throw orgErrors.badRequest(`roles: ${r} is not a role of this deployment`);
    }
    return [...new Set(roles)].sort();
  }

  /** Role names of the template (owner first). */
  names(): string[] {
    return [OWNER, ...Object.keys(this.roles)];
  }
}

const USER_ID = /^[A-Za-z0-9_.:@-]{1,256}$/;

/** A page's size: 50 unless asked, 1 to 200. */
export function pageSize(limit: number): number {
  return Math.min(Math.max(Math.trunc(limit) || 50, 1), 200);
}

export function checkUserId(userId: string): void {
  if (!USER_ID.test(userId)) throw orgErrors.badRequest('user_id: a user id');
}

const CURSOR = /^[A-Za-z0-9_.:@-]{0,256}$/;

/** A keyset page's cursor: '' for the first page, else an id of the listing (an organisation's or a user's). */
export function checkCursor(after: string): void {
  if (!CURSOR.test(after)) throw orgErrors.badRequest('after: the next of a previous page');
}

/** A page's size (pageSize) for a listing after `after`, once the cursor is checked. */
export function pageOf(after: string, limit: number): number {
  checkCursor(after);
  return pageSize(limit);
}

/** A search text: anything a person types, but no control characters (Postgres refuses NUL in text). */
export function checkSearch(query: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(query)) throw orgErrors.badRequest('query: text without control characters');
}

/** A page of a keyset listing: the cursor of the next page, empty at the end. */
export interface Page<T> {
  items: T[];
  next: string;
}
