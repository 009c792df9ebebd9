import { crc32, deflateSync } from 'node:zlib';
import { type Canvas, createCanvas } from 'canvas-renderer';
import colorUtils from 'canvas-renderer/lib/colorUtils';
import { drawIcon } from 'jdenticon';
import { type EdgeTable, type RunSink, rasterize } from './identicon-raster';

/**
 * jdenticon's `toPng`, the same bytes at a fraction of the cost (issue 36: an identicon cost a new
 * user's login 5–9 ms of the avatar service's CPU). jdenticon draws the icon on a canvas-renderer canvas,
 * kept as it is. canvas-renderer's PNG writer is replaced: it wrote every pixel with a `writeUInt8` call,
 * built its palette in an object keyed by color strings and computed CRCs byte by byte in JavaScript.
 * Here each run is one fill, the palette a small hash table, the CRC zlib's; the chunks, their order, the
 * palette's order, the filter bytes and the deflate settings are canvas-renderer's. Its rasterizer is
 * replaced too, by identicon-raster.ts: the same algorithm and arithmetic without its per-sample objects
 * (it was half of what remained). So the file is byte for byte the same: identicon.test.ts holds it to
 * jdenticon's own `toPng` and to digests of the previous implementation's output, identicon-raster.test.ts
 * the rasterizer to canvas-renderer's on random drawings, and test/identicon-check.ts (run by hand) to
 * toPng for thousands of random users at every size.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const INDEXED_COLOR = 3;
const TRUE_COLOR_WITH_ALPHA = 6;
/** canvas-renderer's gAMA (1/2.2) and the tEXt jdenticon passes it. */
const GAMMA = 45455;
const SOFTWARE = Buffer.from('Software\0Jdenticon', 'latin1');
const MAX_PALETTE = 256;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Open-addressed color → palette index table (512 slots for ≤ 256 colors), reused between icons. */
const slotColor = new Int32Array(512);
const slotIndex = new Int16Array(512);

/** The slot of `color`: its own, or the empty one (index -1) where it would go. */
function slotOf(color: number): number {
  let slot = Math.imul(color, 0x9e3779b1) >>> 23;
  while (slotIndex[slot] !== -1 && slotColor[slot] !== color) slot = (slot + 1) & 511;
  return slot;
}

/**
 * The palette canvas-renderer builds: colors in order of first appearance, or undefined past 256; and
 * the palette index of every run (`runIndex`), so the scanlines need no second look-up.
 */
function paletteOf(runs: RunSink): { colors: number[]; alpha: boolean } | undefined {
  slotIndex.fill(-1);
  const colors: number[] = [];
  let alpha = false;
  const runIndex = runIndexFor(runs.length);
  for (let i = 0; i < runs.length; i++) {
    const color = runs.colors[i] as number;
    const slot = slotOf(color);
    let index = slotIndex[slot] as number;
    if (index === -1) {
      if (colors.length === MAX_PALETTE) return undefined;
      if ((color & 0xff) < 255) alpha = true;
      index = colors.length;
      slotColor[slot] = color;
      slotIndex[slot] = index;
      colors.push(color);
    }
    runIndex[i] = index;
  }
  return { colors, alpha };
}

let runIndex = new Uint8Array(4096);
function runIndexFor(n: number): Uint8Array {
  if (runIndex.length < n) runIndex = new Uint8Array(n * 2);
  return runIndex;
}

/**
 * The filtered scanlines (filter 0, "none", before each row), one byte per pixel with a palette, four
 * (RGBA) without. Runs never span rows (the rasterizer's), and every run has a count above zero.
 */
function scanlines(runs: RunSink, width: number, height: number, indexed: boolean): Buffer {
  const bytes = indexed ? 1 : 4;
  const out = Buffer.alloc(width * height * bytes + height);
  // Uint8Array's fill, not Buffer's: the same bytes without Buffer#fill's argument checks.
  const plain = new Uint8Array(out.buffer, out.byteOffset, out.length);
  const { counts, colors } = runs;
  let at = 0;
  let run = 0;
  for (let y = 0; y < height; y++) {
    at++; // filter type 0
    for (let x = 0; x < width; run++) {
      const count = counts[run] as number;
      if (indexed) {
        const value = runIndex[run] as number;
        // Most runs are a few pixels (the anti-aliased edges): a loop beats a call for those.
        if (count > 8) plain.fill(value, at, at + count);
        else for (let i = 0; i < count; i++) plain[at + i] = value;
      } else {
        out.writeInt32BE(colors[run] as number, at);
        for (let i = 1; i < count; i++) out.copyWithin(at + i * 4, at, at + 4);
      }
      at += count * bytes;
      x += count;
    }
  }
  return out;
}

/** The identicon of `value`, `size` px square, as jdenticon.toPng(value, size) writes it. */
export function identiconPng(value: string, size: number): Buffer {
  const canvas = createCanvas(size, size);
  drawIcon(canvas.getContext('2d') as unknown as Parameters<typeof drawIcon>[0], value, size);
  return canvasPng(canvas);
}

/** What `canvas.toPng({ Software: 'Jdenticon' })` returns (jdenticon's toPng ends so), written faster. */
export function canvasPng(canvas: Canvas): Buffer {
  // Where toPng starts: the edges drawn so far, rasterized as canvas-renderer's toPng does.
  const edges = (canvas as unknown as { _edges: EdgeTable })._edges;
  const runs = rasterize(edges, colorUtils.parse(canvas.backColor));
  const { width, height } = canvas;
  const palette = paletteOf(runs);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(palette ? INDEXED_COLOR : TRUE_COLOR_WITH_ALPHA, 9);
  const gamma = Buffer.alloc(4);
  gamma.writeUInt32BE(GAMMA);
  const parts = [SIGNATURE, chunk('IHDR', header), chunk('gAMA', gamma), chunk('tEXt', SOFTWARE)];
  if (palette) {
    const rgb = Buffer.alloc(palette.colors.length * 3);
    palette.colors.forEach((c, i) => {
      rgb[i * 3] = c >>> 24;
      rgb[i * 3 + 1] = (c >>> 16) & 0xff;
      rgb[i * 3 + 2] = (c >>> 8) & 0xff;
    });
    parts.push(chunk('PLTE', rgb));
    if (palette.alpha) parts.push(chunk('tRNS', Buffer.from(palette.colors.map((c) => c & 0xff))));
  }
  parts.push(chunk('IDAT', deflateSync(scanlines(runs, width, height, palette !== undefined))));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
