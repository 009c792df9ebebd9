import { crc32, deflateSync } from 'node:zlib';
import { type Canvas, createCanvas } from 'canvas-renderer';
import colorUtils from 'canvas-renderer/lib/colorUtils';
import rasterize from 'canvas-renderer/lib/rasterization/rasterizer';
import { drawIcon } from 'jdenticon';

/**
 * jdenticon's `toPng`, the same bytes at a fraction of the cost (issue 36: an identicon cost a new
 * user's login 5–9 ms of the avatar service's CPU). jdenticon draws the icon on a canvas-renderer canvas
 * and canvas-renderer rasterizes it to runs of colors; both are kept as they are (so are the picture and
 * its anti-aliasing). What is replaced is canvas-renderer's PNG writer, which wrote every pixel with a
 * `writeUInt8` call, built its palette in an object keyed by color strings and computed CRCs byte by
 * byte in JavaScript: two thirds of the time. Here each run is one `fill`, the palette a Map, the CRC
 * zlib's; the chunks, their order, the palette's order, the filter bytes and the deflate settings are
 * canvas-renderer's, so the file is byte for byte the same (identicon.test.ts holds it to jdenticon's
 * own `toPng` and to digests of the previous implementation's output).
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

/** The palette canvas-renderer builds: colors in order of first appearance, or undefined past 256. */
function paletteOf(runs: number[]): { colors: number[]; index: Map<number, number>; alpha: boolean } | undefined {
  const index = new Map<number, number>();
  const colors: number[] = [];
  let alpha = false;
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const color = runs[i + 1] as number;
    if (!runs[i] || index.has(color)) continue;
    if (colors.length === MAX_PALETTE) return undefined;
    if ((color & 0xff) < 255) alpha = true;
    index.set(color, colors.length);
    colors.push(color);
  }
  return { colors, index, alpha };
}

/**
 * The filtered scanlines (filter 0, "none", before each row), one byte per pixel with a palette, four
 * (RGBA) without. Runs never span rows (canvas-renderer's rasterizer), walked as its writer walks them.
 */
function scanlines(runs: number[], width: number, height: number, index: Map<number, number> | undefined): Buffer {
  const bytes = index ? 1 : 4;
  const out = Buffer.alloc(width * height * bytes + height);
  let at = 0;
  let run = 0;
  for (let y = 0; y < height; y++) {
    at++; // filter type 0
    for (let x = 0; x < width; run++) {
      const count = runs[run * 2] as number;
      const color = runs[run * 2 + 1] as number;
      if (index) {
        const value = index.get(color) as number;
        // Most runs are a few pixels (the anti-aliased edges): a loop beats fill's checks for those.
        if (count > 16) out.fill(value, at, at + count);
        else for (let i = 0; i < count; i++) out[at + i] = value;
      } else if (count > 0) {
        out.writeInt32BE(color | 0, at);
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
  const edges = (canvas as unknown as { _edges: unknown })._edges;
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
  parts.push(chunk('IDAT', deflateSync(scanlines(runs, width, height, palette?.index))));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
