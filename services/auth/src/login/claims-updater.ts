import { AppError } from '@gatehouse/errors';
import { HookError, type HooksClient } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import type { Claims } from '@gatehouse/token';
import { AuthErrors } from '../errors';

/** The application's claims updater, failing closed: no token is signed when the hook cannot answer. */
export function hookClaimsUpdater(hooks: HooksClient, log: Logger) {
  return async (claims: Claims): Promise<Claims> => {
    try {
      return await hooks.updateClaims(claims);
    } catch (err) {
      if (!(err instanceof HookError)) throw err;
      log.error({ err }, 'claims updater failed');
      throw new AppError('unavailable', AuthErrors.HOOK_FAILED, 'claims updater unavailable');
    }
  };
}
