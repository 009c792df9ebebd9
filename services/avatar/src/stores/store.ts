/**
 * Where avatars are kept (go-pkgz avatar.Store). Ids are always valid avatar ids ("<40 hex>.image");
 * the domain checks them before a store sees them.
 */
export interface AvatarStore {
  /** A description for logs, without credentials. */
  readonly description: string;
  /** Writes (or replaces) the bytes of one avatar. */
  put(avatarId: string, content: Buffer): Promise<void>;
  /** The bytes of one avatar, or undefined when there is none. */
  get(avatarId: string): Promise<Buffer | undefined>;
  /** Deletes one avatar; false when there was none. */
  remove(avatarId: string): Promise<boolean>;
  /** Every stored avatar id. */
  list(): Promise<string[]>;
  /** True when the backend answers (health checks). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens a store from its address; registered per URL scheme (e.g. "s3:") for custom stores. */
export type StoreFactory = (address: string) => Promise<AvatarStore>;
