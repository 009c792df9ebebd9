export type { CredentialChecker } from './checker';
export { hookChecker } from './hook';
export { htpasswdChecker, parseHtpasswd } from './htpasswd';
