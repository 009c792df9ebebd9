import { SERVABLE_IMAGE_TYPES } from '@gatehouse/contract';
import sharp, { type Metadata } from 'sharp';
import { identiconPng } from './identicon';

/** Limits from go-pkgz/auth: pictures over these fall back to the identicon. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_PICTURE_PIXELS = 16 * 1024 * 1024;
export const IDENTICON_SIZE = 300;

/** The decoded formats accepted as avatars; everything else (SVG, TIFF, HEIF, HTML...) is refused. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

export type PictureCheck = { ok: true; width: number; height: number; format: string } | { ok: false; reason: string };

/**
 * Decides whether bytes are a picture we serve, by decoding them with sharp (libvips): neither the
 * file name nor the Content-Type the server sent counts. The pixel limit is checked on the header
 * first, so a decompression bomb is refused before any pixel is decoded.
 */
export async function checkPicture(content: Buffer): Promise<PictureCheck> {
  if (content.length === 0) return { ok: false, reason: 'empty' };
  if (content.length > MAX_PICTURE_BYTES) return { ok: false, reason: 'larger than 10 MiB' };
  let meta: Metadata;
  try {
    meta = await sharp(content, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'not a picture' };
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    return { ok: false, reason: `format ${meta.format ?? 'unknown'} not accepted` };
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width <= 0 || height <= 0) return { ok: false, reason: 'no dimensions' };
  if (width * height > MAX_PICTURE_PIXELS) return { ok: false, reason: `${width}x${height} is over 16 Mi pixels` };
  try {
    // A full decode: a valid header in front of a broken body is refused here.
    await sharp(content, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).raw().toBuffer();
  } catch {
    return { ok: false, reason: 'picture does not decode' };
  }
  return { ok: true, width, height, format: meta.format };
}

/**
 * Shrinks a checked picture once, at store time, when `limit` > 0 and a side is over it: the longer
 * side becomes `limit`, the aspect ratio is kept, the result is PNG (as go-pkgz does). Otherwise the
 * original bytes are kept.
 */
export async function resizePicture(content: Buffer, size: { width: number; height: number }, limit: number) {
  if (limit <= 0 || (size.width <= limit && size.height <= limit)) return content;
  return sharp(content, { limitInputPixels: MAX_PICTURE_PIXELS })
    .resize(limit, limit, { fit: 'inside', kernel: 'linear' })
    .png()
    .toBuffer();
}

/**
 * The default avatar: a PNG identicon seeded by the user id, 300 px, or `limit` px when a resize limit
 * (AUTH_AVATAR_RESIZE_LIMIT) below that is set, so identicons obey the limit like fetched pictures (as
 * go-pkgz resizes both). It is drawn at that size rather than shrunk afterwards: it is vector art.
 */
export function identicon(userId: string, limit = 0): Buffer {
  if (userId === '') throw new Error('identicon needs a user id');
  // jdenticon's picture and bytes, written faster (identicon.ts).
  return identiconPng(userId, limit > 0 && limit < IDENTICON_SIZE ? limit : IDENTICON_SIZE);
}

/** Types the handler may serve: the one list, beside the avatar contract. */
export const SERVABLE_TYPES: ReadonlySet<string> = SERVABLE_IMAGE_TYPES;

/**
 * The content type of stored bytes from their first bytes (the WHATWG image sniffing patterns);
 * `application/octet-stream` when none matches, which the gateway refuses with 415.
 */
export function sniffContentType(content: Uint8Array): string {
  const b = Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, 512));
  if (b.length === 0) return 'image/*';
  const starts = (sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') {
    return 'image/gif';
  }
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 14).toString('latin1') === 'WEBPVP') {
    return 'image/webp';
  }
  if (starts([0x42, 0x4d])) return 'image/bmp';
  if (starts([0x00, 0x00, 0x01, 0x00]) || starts([0x00, 0x00, 0x02, 0x00])) return 'image/x-icon';
  return 'application/octet-stream';
}
