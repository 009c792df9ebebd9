import type { Logger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { DirectoryAdmin, type Holders, type UserSessions } from './admin';
import { PgDirectoryAdminStore } from './admin-store';
import { Directory, type Notify, type SessionEnder } from './directory';
import { PgDirectoryStore } from './store';

/** The user directory on auth's database (DATABASE_URL); without one there is none and logins are as before. */
export function openDirectory(
  pool: Pool,
  settings: {
    linkByEmail: string[];
    providerAllowed: (name: string) => boolean;
    notify?: Notify;
    sessions?: () => SessionEnder | undefined;
    log: Logger;
  },
): Directory {
  return new Directory({ store: new PgDirectoryStore(pool), ...settings });
}

/** The directory's administration; users' sessions are ended through sessions per device. */
export function openDirectoryAdmin(
  pool: Pool,
  sessions: UserSessions,
  holders: Holders,
  log: Logger,
  directory?: Directory,
): DirectoryAdmin {
  return new DirectoryAdmin({ store: new PgDirectoryAdminStore(pool), sessions, holders, log, directory });
}
