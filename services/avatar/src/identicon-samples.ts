/**
 * canvas-renderer 2.2.1's SuperSampleBuffer (lib/rasterization/superSampleBuffer.js), the same sums
 * computed in fewer steps. Per pixel it keeps 16-bit sums of the sample count, alpha and premultiplied
 * r, g, b; `add` walks the cursor to `untilX`, adding a partial pixel, whole pixels, a partial pixel.
 *
 * Most of an identicon's supersampled pixels are whole pixels of one color: nearly horizontal edges
 * (floating point noise off jdenticon's horizontal sides) make the edge table mark the rest of a row
 * for supersampling though no sample changes color there. The original adds each whole pixel to each
 * of its sums one by one, 4 sub-rows × 5 sums per pixel. Here a span of whole pixels is two entries of
 * a difference array, and the sums are resolved once per range by a prefix sum. This is exact: the
 * increments are integers and the original's 16-bit wrap-around is addition modulo 2^16, whatever the
 * order, so storing the resolved total into a Uint16Array gives the original's value. Its writes past
 * the buffer's end are dropped (a typed array's), which only concerns pixels never read; they are
 * dropped here too.
 */
export class SuperSamples {
  /** The resolved sums, 5 per pixel, as the original's buffer holds them when read. */
  readonly sums: Uint16Array;
  /** Increments of partial pixels, at their pixel. */
  private readonly point: Float64Array;
  /** Increments of spans of whole pixels: + at the first pixel, − after the last. */
  private readonly diff: Float64Array;
  private readonly pixels: number;
  private pixel = 0;
  private sub = 0;
  /** The highest pixel index written to point or diff (-1: none), cleared up to by `resolve`. */
  private touched = -1;

  constructor(
    pixels: number,
    private readonly perPixel: number,
  ) {
    this.pixels = pixels;
    this.sums = new Uint16Array(pixels * 5);
    this.point = new Float64Array((pixels + 1) * 5);
    this.diff = new Float64Array((pixels + 1) * 5);
  }

  rewind(): void {
    this.pixel = 0;
    this.sub = 0;
  }

  /** Forgets every sample (clear): resolving would give zeros. */
  clear(): void {
    this.rewind();
    if (this.touched >= 0) {
      const end = (this.touched + 1) * 5;
      this.point.fill(0, 0, end);
      this.diff.fill(0, 0, end);
    }
    this.touched = -1;
  }

  /**
   * Makes `sums` hold the original buffer's values for pixels 0 to `last`, then clears (the
   * rasterizer reads a range's sums once and clears). Pixels past `last` are not to be read.
   */
  resolveAndClear(last: number): void {
    const { sums, point, diff } = this;
    const end = Math.min(last, this.pixels - 1);
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    let c4 = 0;
    for (let i = 0, at = 0; i <= end; i++, at += 5) {
      // Read, then zeroed here rather than by a fill: most ranges are a few pixels.
      c0 += diff[at] as number;
      c1 += diff[at + 1] as number;
      c2 += diff[at + 2] as number;
      c3 += diff[at + 3] as number;
      c4 += diff[at + 4] as number;
      sums[at] = c0 + (point[at] as number);
      sums[at + 1] = c1 + (point[at + 1] as number);
      sums[at + 2] = c2 + (point[at + 2] as number);
      sums[at + 3] = c3 + (point[at + 3] as number);
      sums[at + 4] = c4 + (point[at + 4] as number);
      for (let k = at; k < at + 5; k++) {
        diff[k] = 0;
        point[k] = 0;
      }
    }
    this.rewind();
    // Whatever was written past `last` (the original's buffer keeps it until its clear).
    for (let k = (end + 1) * 5; k < (this.touched + 1) * 5; k++) {
      diff[k] = 0;
      point[k] = 0;
    }
    this.touched = -1;
  }

  /** Adds `count` samples to the cursor's pixel (the original's `_add`). */
  private put(count: number, a: number, r: number, g: number, b: number): void {
    if (this.pixel >= this.pixels) return; // past the end: dropped
    const at = this.pixel * 5;
    const p = this.point;
    if (this.pixel > this.touched) this.touched = this.pixel;
    p[at] = (p[at] as number) + count;
    if (a > 0) {
      p[at + 1] = (p[at + 1] as number) + (0 | (a * count));
      p[at + 2] = (p[at + 2] as number) + (0 | ((r * count * a) / 255));
      p[at + 3] = (p[at + 3] as number) + (0 | ((g * count * a) / 255));
      p[at + 4] = (p[at + 4] as number) + (0 | ((b * count * a) / 255));
    }
  }

  /** Adds `count` samples to each of `n` pixels from the cursor: `n` `put`s, as two diff entries. */
  private span(n: number, count: number, a: number, r: number, g: number, b: number): void {
    if (this.pixel >= this.pixels) return;
    const d = this.diff;
    const from = this.pixel * 5;
    const toPixel = Math.min(this.pixel + n, this.pixels);
    const to = toPixel * 5;
    if (toPixel > this.touched) this.touched = toPixel;
    const i1 = a > 0 ? 0 | (a * count) : 0;
    const i2 = a > 0 ? 0 | ((r * count * a) / 255) : 0;
    const i3 = a > 0 ? 0 | ((g * count * a) / 255) : 0;
    const i4 = a > 0 ? 0 | ((b * count * a) / 255) : 0;
    d[from] = (d[from] as number) + count;
    d[from + 1] = (d[from + 1] as number) + i1;
    d[from + 2] = (d[from + 2] as number) + i2;
    d[from + 3] = (d[from + 3] as number) + i3;
    d[from + 4] = (d[from + 4] as number) + i4;
    d[to] = (d[to] as number) - count;
    d[to + 1] = (d[to + 1] as number) - i1;
    d[to + 2] = (d[to + 2] as number) - i2;
    d[to + 3] = (d[to + 3] as number) - i3;
    d[to + 4] = (d[to + 4] as number) - i4;
  }

  /** Adds samples of `color` from the cursor up to x = `untilX` (in pixels, fractional). */
  add(color: number, untilX: number): void {
    const per = this.perPixel;
    let left = Math.floor(untilX * per) - this.sub - this.pixel * per;
    const a = color & 0xff;
    const r = color >>> 24;
    const g = (color >>> 16) & 0xff;
    const b = (color >>> 8) & 0xff;
    if (this.sub > 0) {
      // Can go negative when untilX is behind the cursor: kept, as the original does.
      let n = per - this.sub;
      if (n > left) n = left;
      left -= n;
      this.put(n, a, r, g, b);
      this.sub += n;
      if (this.sub === per) {
        this.sub = 0;
        this.pixel++;
      }
    }
    const full = Math.floor(left / per);
    if (full > 0) {
      this.span(full, per, a, r, g, b);
      this.pixel += full;
      left -= full * per;
    }
    if (left > 0) {
      this.put(left, a, r, g, b);
      this.sub += left;
      if (this.sub === per) {
        this.sub = 0;
        this.pixel++;
      }
    }
  }

  /** The average color of pixel `i` once resolved (getColorAt). */
  colorAt(i: number): number {
    const s = this.sums;
    const count = s[i * 5] as number;
    const alpha = s[i * 5 + 1] as number;
    if (!count || !alpha) return 0;
    const r = Math.floor(((s[i * 5 + 2] as number) * 255) / alpha);
    const g = Math.floor(((s[i * 5 + 3] as number) * 255) / alpha);
    const b = Math.floor(((s[i * 5 + 4] as number) * 255) / alpha);
    return (r << 24) | (g << 16) | (b << 8) | Math.floor(alpha / count);
  }
}

/**
 * One pixel of the buffer filled by whole pixels only (`add(color, 1)` from a rewound cursor, per
 * sub-row): the sums in plain numbers. At most 4 × 10 samples, so they never reach the 16-bit wrap.
 */
export class PixelSum {
  private c0 = 0;
  private c1 = 0;
  private c2 = 0;
  private c3 = 0;
  private c4 = 0;

  constructor(private readonly perPixel: number) {}

  reset(): void {
    this.c0 = this.c1 = this.c2 = this.c3 = this.c4 = 0;
  }

  addFull(color: number): void {
    const count = this.perPixel;
    const a = color & 0xff;
    this.c0 += count;
    if (a > 0) {
      this.c1 += 0 | (a * count);
      this.c2 += 0 | (((color >>> 24) * count * a) / 255);
      this.c3 += 0 | ((((color >>> 16) & 0xff) * count * a) / 255);
      this.c4 += 0 | ((((color >>> 8) & 0xff) * count * a) / 255);
    }
  }

  /** getColorAt of that pixel. */
  average(): number {
    const { c0, c1 } = this;
    if (!c0 || !c1) return 0;
    const r = Math.floor((this.c2 * 255) / c1);
    const g = Math.floor((this.c3 * 255) / c1);
    const b = Math.floor((this.c4 * 255) / c1);
    return (r << 24) | (g << 16) | (b << 8) | Math.floor(c1 / c0);
  }
}
