import { invalidArgument } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { LRUCache } from 'lru-cache';
import { avatarIdFor, contentFingerprint, isAvatarId } from './avatar-id';
import { AvatarErrors, avatarNotFound } from './errors';
import type { FetchResult } from './fetch-picture';
import { checkPicture, identicon, MAX_PICTURE_BYTES, resizePicture, sniffContentType } from './picture';
import type { AvatarStore } from './stores/store';

export interface PictureSource {
  fetch(url: string, bearerToken?: string): Promise<FetchResult>;
}

export interface StoredAvatar {
  avatarId: string;
  /** True when the identicon was stored because the picture was missing or refused. */
  identicon: boolean;
}

export interface AvatarContent {
  content: Buffer;
  contentType: string;
  etag: string;
}

const MAX_USER_ID_LENGTH = 512;

/** Identicons remembered by the fingerprint of their bytes (about 150 bytes each). */
const DRAWN_MAX = 100_000;

/** Why a picture was replaced by the identicon, in a few bounded words (the log has the details). */
export type RefusalKind = 'fetch_failed' | 'too_large' | 'not_a_picture';

/** Told of every store (metrics): a picture, the identicon for no picture, or a refused picture and why. */
export interface StoreRecorder {
  stored(outcome: 'picture' | 'identicon' | 'refused', reason?: RefusalKind): void;
}

/** The avatar proxy: validates pictures once, at store time, and serves them from the store. */
export class Avatars {
  /**
   * The identicons this process drew, by avatar id: the fingerprint of the bytes stored. An identicon is
   * a function of the user id and this process's size, so a returning user with no picture needs no new
   * drawing (about 2.5 ms of CPU at 300 px, issue 36) when the store still holds those very bytes; any
   * other content there (another replica stored a picture since) is replaced as before.
   */
  private readonly drawn = new LRUCache<string, string>({ max: DRAWN_MAX });

  constructor(
    private readonly deps: {
      store: AvatarStore;
      source: PictureSource;
      resizeLimit: number;
      log: Logger;
      recorder?: StoreRecorder;
    },
  ) {}

  /** Fetches the picture at `url` (empty: none) and stores it, or the identicon when it is refused. */
  async storeFromUrl(userId: string, url: string, bearerToken?: string): Promise<StoredAvatar> {
    checkUserId(userId);
    if (url.trim() === '') return this.storeIdenticon(userId, 'no picture URL');
    const fetched = await this.deps.source.fetch(url, bearerToken);
    if (!fetched.ok) return this.storeIdenticon(userId, fetched.reason, 'fetch_failed');
    return this.storeContent(userId, fetched.content);
  }

  /** Stores bytes the caller already has, or the identicon when they are not an accepted picture. */
  async storeContent(userId: string, content: Buffer): Promise<StoredAvatar> {
    checkUserId(userId);
    if (content.length > MAX_PICTURE_BYTES) return this.storeIdenticon(userId, 'larger than 10 MiB', 'too_large');
    const check = await checkPicture(content);
    if (!check.ok) return this.storeIdenticon(userId, check.reason, 'not_a_picture');
    const bytes = await resizePicture(content, check, this.deps.resizeLimit);
    const avatarId = avatarIdFor(userId);
    await this.deps.store.put(avatarId, bytes);
    this.deps.recorder?.stored('picture');
    return { avatarId, identicon: false };
  }

  async get(avatarId: string): Promise<AvatarContent> {
    checkAvatarId(avatarId);
    const content = await this.deps.store.get(avatarId.toLowerCase());
    if (!content) throw avatarNotFound(avatarId);
    return { content, contentType: sniffContentType(content), etag: contentFingerprint(content) };
  }

  async remove(avatarId: string): Promise<void> {
    checkAvatarId(avatarId);
    if (!(await this.deps.store.remove(avatarId.toLowerCase()))) {
      throw avatarNotFound(avatarId);
    }
  }

  list(): Promise<string[]> {
    return this.deps.store.list();
  }

  private async storeIdenticon(userId: string, reason: string, refused?: RefusalKind): Promise<StoredAvatar> {
    // A refused picture is news; none at all is how many providers log in (dev, direct...): not a line
    // per login at info.
    if (refused) this.deps.log.info({ reason }, 'storing the identicon instead of the picture');
    else this.deps.log.debug({ reason }, 'storing the identicon: no picture');
    const avatarId = avatarIdFor(userId);
    if (!(await this.identiconInPlace(avatarId))) {
      const png = identicon(userId, this.deps.resizeLimit);
      await this.deps.store.put(avatarId, png);
      this.drawn.set(avatarId, contentFingerprint(png));
    }
    if (refused) this.deps.recorder?.stored('refused', refused);
    else this.deps.recorder?.stored('identicon');
    return { avatarId, identicon: true };
  }

  /** The store holds, for `avatarId`, the identicon this process drew for it (the same bytes). */
  private async identiconInPlace(avatarId: string): Promise<boolean> {
    const fingerprint = this.drawn.get(avatarId);
    if (fingerprint === undefined) return false;
    // A store that cannot be read now is no reason to fail a login: draw and put, as without the memo.
    const stored = await this.deps.store.get(avatarId).catch(() => undefined);
    return stored !== undefined && contentFingerprint(stored) === fingerprint;
  }
}

function checkUserId(userId: string): void {
  if (userId === '') throw invalidArgument(AvatarErrors.USER_ID_REQUIRED, 'user_id is required');
  if (userId.length > MAX_USER_ID_LENGTH) {
    throw invalidArgument(AvatarErrors.USER_ID_TOO_LONG, `user_id is longer than ${MAX_USER_ID_LENGTH} characters`);
  }
}

function checkAvatarId(avatarId: string): void {
  if (!isAvatarId(avatarId)) {
    throw invalidArgument(AvatarErrors.INVALID_AVATAR_ID, 'avatar_id must be 40 hex characters and ".image"');
  }
}
