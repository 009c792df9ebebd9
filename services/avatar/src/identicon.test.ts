// The identicon must stay the picture users already have, to the byte: identicon.ts writes jdenticon's
// PNG itself, so it is held to jdenticon's own toPng, and to digests of what the previous implementation
// (jdenticon's toPng through picture.ts, before issue 36) wrote for the same users.
import { createHash } from 'node:crypto';
import { type CanvasContext, createCanvas } from 'canvas-renderer';
import { toPng } from 'jdenticon';
import sharp from 'sharp';
import { canvasPng, identiconPng } from './identicon';
import { identicon } from './picture';

/** User ids of every shape a provider makes: hashed ids, plain names, non-ASCII and astral characters. */
const users = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 3 === 0
      ? `dev_${createHash('sha1').update(String(i)).digest('hex')}`
      : i % 3 === 1
        ? `github_user_${i}`
        : `télégram_Ωμέγα_${i}_😀`,
  );

/**
 * sha256 over the identicons of `users(n)` at each size, as written before issue 36 (picture.ts through
 * jdenticon's toPng). Jest runs this code some ten times slower than node does, so the samples are small;
 * the same check over 1,000 users at 300 px and 300 at each other size passed in plain node (issue 36).
 */
const BEFORE: Record<number, { users: number; sha256: string }> = {
  300: { users: 40, sha256: '7d38f2cc87f6b112e55d695a6d76c33c5509e7abd1f2b2273e7345861cf1eccb' },
  150: { users: 24, sha256: '278d2fa02f395f10c85fde6eb7c39c218f902957da9c4d0d2fcae4466b991c36' },
  100: { users: 24, sha256: '0f856c3e322d8711034369aafd4b7e08fe6a995ae8337290cbf1894789a1fdd2' },
  64: { users: 24, sha256: '31819668c39b7fd98cdb4e37bd2e0a16030e2714c3f570eebf699923a3109c0b' },
  32: { users: 24, sha256: 'f435191baf5fd34fa553fffc9618d330e9a15f263116e3b461d15c7bce1c69ed' },
  16: { users: 24, sha256: '1ec74256320688b0df6900dad09084d185ab5e102f7b9717a947f1b0f199fb6d' },
};

describe('identicon bytes', () => {
  it("are jdenticon's toPng bytes, user for user, at every size", () => {
    for (const size of [300, 299, 150, 128, 100, 64, 33, 16, 1]) {
      for (const user of users(size === 300 ? 24 : 6))
        expect(identiconPng(user, size).equals(toPng(user, size))).toBe(true);
    }
  });

  it("are jdenticon's toPng bytes for hundreds of users, sizes interleaved (identicon-raster.ts keeps state between icons)", () => {
    // identicon-raster.ts is our own rasterizer, canvas-renderer's algorithm re-written; once, in plain
    // node, 2,000 random users at 300 px and 300 at each of 16, 32, 48, 64, 80, 100, 128, 256, 512
    // (and 1, 2, 3, 7, 299, 301) gave jdenticon's bytes, every one. Here, a sample Jest can afford.
    const sizes = [300, 1, 300, 16, 300, 2, 300, 48, 300, 7, 300, 100];
    const mismatches: string[] = [];
    users(300).forEach((user, i) => {
      const size = sizes[i % sizes.length] as number;
      if (!identiconPng(user, size).equals(toPng(user, size))) mismatches.push(`${size}: ${user}`);
    });
    expect(mismatches).toEqual([]);
  });

  it('are what the previous implementation wrote for the same users', () => {
    for (const [size, { users: n, sha256 }] of Object.entries(BEFORE)) {
      const limit = Number(size) === 300 ? 0 : Number(size);
      const digest = createHash('sha256');
      for (const user of users(n)) digest.update(identicon(user, limit));
      expect(`${size}: ${digest.digest('hex')}`).toBe(`${size}: ${sha256}`);
    }
  });

  it('decode to the same pixels as jdenticon draws them', async () => {
    for (const user of users(3)) {
      const ours = await sharp(identiconPng(user, 300)).raw().toBuffer();
      const theirs = await sharp(toPng(user, 300)).raw().toBuffer();
      expect(ours.equals(theirs)).toBe(true);
    }
  });

  it("is canvas-renderer's PNG for any drawing: with a palette, with transparency, in RGBA past 256 colors", () => {
    // jdenticon's icons use a palette; the other paths of the writer are held to canvas-renderer's own.
    const drawings: { side: number; shapes: number; back: number; draw: (ctx: CanvasContext, i: number) => void }[] = [
      // opaque and translucent colors on a colored background
      { side: 24, shapes: 24, back: 0x102030ff, draw: (ctx, i) => ctx.fillRect(i, 0, 1, 24) },
      // translucent colors overlapping on a transparent background
      { side: 16, shapes: 40, back: 0, draw: (ctx, i) => ctx.fillRect(i % 16, i % 7, 3, 5) },
      // a color per pixel, 289 of them: RGBA
      { side: 17, shapes: 289, back: 0, draw: (ctx, i) => ctx.fillRect(i % 17, Math.floor(i / 17), 1, 1) },
    ];
    for (const { side, shapes, back, draw } of drawings) {
      const canvas = createCanvas(side, side);
      canvas.backColor = back;
      const ctx = canvas.getContext();
      for (let i = 0; i < shapes; i++) {
        ctx.fillStyle = `rgba(${i % 256}, ${(i >> 8) * 128 + (i % 5) * 20}, ${(i * 29) % 256}, ${0.3 + (i % 8) / 10})`;
        draw(ctx, i);
      }
      const png = canvasPng(canvas);
      expect(png.equals(canvas.toPng({ Software: 'Jdenticon' }))).toBe(true);
      expect(png.readUInt8(25)).toBe(side === 17 ? 6 : 3); // IHDR color type: RGBA, or a palette
    }
  });
});
