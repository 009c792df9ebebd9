import type { HooksClient } from '@gatehouse/hooks-sdk';
import type { CredentialChecker } from './checker';

/** The application decides, through its CheckCredentials hook. */
export function hookChecker(hooks: HooksClient, provider: string): CredentialChecker {
  return (user, password) => hooks.checkCredentials(provider, user, password);
}
