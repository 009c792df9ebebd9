/**
 * The state identicon-raster.ts keeps while it rasterizes: the color arithmetic, the layer stack of a
 * sub-row and the supersample buffer, each the arithmetic of canvas-renderer 2.2.1's (colorUtils.js,
 * layerManager.js, superSampleBuffer.js, bitmapWriter.js), expression for expression, since a rounding
 * step done another way would change a pixel somewhere and the PNG must stay byte for byte the same.
 */

/** canvas-renderer's FORCE_TRANSPARENT: a layer (partial clearRect) that hides the layers under it. */
const FORCE_TRANSPARENT = Number.POSITIVE_INFINITY;

/** `fore` composed over `back`, colors 0xRRGGBBAA as int32 (colorUtils.over, same rounding). */
export function over(fore: number, back: number): number {
  const foreA = fore & 0xff;
  if (foreA < 1) return back;
  const backA = back & 0xff;
  if (foreA > 254 || backA < 1) return fore;
  const forePA = foreA * 255;
  const backPA = backA * (255 - foreA);
  const pa = forePA + backPA;
  const b = Math.floor((forePA * ((fore >>> 8) & 0xff) + backPA * ((back >>> 8) & 0xff)) / pa);
  const g = Math.floor((forePA * ((fore >>> 16) & 0xff) + backPA * ((back >>> 16) & 0xff)) / pa);
  const r = Math.floor((forePA * (fore >>> 24) + backPA * (back >>> 24)) / pa);
  const a = Math.floor(pa / 255);
  return (r << 24) | (g << 16) | (b << 8) | a;
}

/** `color1` and `color2` mixed by `weight` (colorUtils.mix: premultiplied, truncated by the shifts). */
export function mix(color1: number, color2: number, weight: number): number {
  const w = weight < 0 ? 0 : Math.min(weight, 1); // NaN stays NaN, as in the original
  const a1 = color1 & 0xff;
  const a2 = color2 & 0xff;
  let a = a1 * (1 - w) + a2 * w;
  if (a <= 0.1) return 0;
  let r = ((color1 >>> 24) * a1 * (1 - w) + (color2 >>> 24) * a2 * w) / a;
  let g = (((color1 >>> 16) & 0xff) * a1 * (1 - w) + ((color2 >>> 16) & 0xff) * a2 * w) / a;
  let b = (((color1 >>> 8) & 0xff) * a1 * (1 - w) + ((color2 >>> 8) & 0xff) * a2 * w) / a;
  if (a > 255) a = 255;
  if (r > 255) r = 255;
  if (g > 255) g = 255;
  if (b > 255) b = 255;
  return (r << 24) | (g << 16) | (b << 8) | a;
}

/** What identicon-raster reads of an edge to stack it. */
export interface LayerEdge {
  polygonId: number;
  y0: number;
  y1: number;
  color: number;
  windingRule?: string;
}

/**
 * The polygons covering a sub-row at the current x, by z-order (polygon id), and the color they make
 * (LayerManager). Parallel arrays instead of an object per layer; splices done by hand.
 */
export class Layers {
  color = 0;
  private n = 0;
  private readonly ids: number[] = [];
  private readonly colors: number[] = [];
  private readonly windings: number[] = [];
  private readonly evenOdd: boolean[] = [];

  clear(): void {
    this.n = 0;
    this.color = 0;
  }

  copyTo(other: Layers): void {
    other.color = this.color;
    other.n = this.n;
    for (let i = 0; i < this.n; i++) {
      other.ids[i] = this.ids[i] as number;
      other.colors[i] = this.colors[i] as number;
      other.windings[i] = this.windings[i] as number;
      other.evenOdd[i] = this.evenOdd[i] as boolean;
    }
  }

  /** Enters or leaves the polygon of `edge` (a layer is added with no inPath check, as the original). */
  add(edge: LayerEdge): void {
    const d = edge.y0 < edge.y1 ? 1 : -1;
    const { ids, windings } = this;
    let i = this.n - 1;
    for (; i >= 0; i--) {
      const id = ids[i] as number;
      if (id === edge.polygonId) {
        const w = (windings[i] as number) + d;
        windings[i] = w;
        if (this.evenOdd[i] ? w % 2 !== 1 : w === 0) this.remove(i);
        break;
      }
      if (id < edge.polygonId) {
        this.insert(i + 1, edge, d);
        break;
      }
    }
    if (i < 0) this.insert(0, edge, d);

    // The visible color: layers composed top down until opaque or a FORCE_TRANSPARENT layer.
    let color = 0;
    for (let j = this.n - 1; j >= 0 && (color & 0xff) < 255; j--) {
      const layer = this.colors[j] as number;
      if (layer === FORCE_TRANSPARENT) break;
      color = over(color, layer);
    }
    this.color = color;
  }

  private insert(at: number, edge: LayerEdge, winding: number): void {
    for (let j = this.n; j > at; j--) {
      this.ids[j] = this.ids[j - 1] as number;
      this.colors[j] = this.colors[j - 1] as number;
      this.windings[j] = this.windings[j - 1] as number;
      this.evenOdd[j] = this.evenOdd[j - 1] as boolean;
    }
    this.ids[at] = edge.polygonId;
    this.colors[at] = edge.color;
    this.windings[at] = winding;
    this.evenOdd[at] = edge.windingRule === 'evenodd';
    this.n++;
  }

  private remove(at: number): void {
    this.n--;
    for (let j = at; j < this.n; j++) {
      this.ids[j] = this.ids[j + 1] as number;
      this.colors[j] = this.colors[j + 1] as number;
      this.windings[j] = this.windings[j + 1] as number;
      this.evenOdd[j] = this.evenOdd[j + 1] as boolean;
    }
  }
}

/**
 * The runs the rasterizer writes (BitmapWriter): [count, color] with each color composed over the
 * background, in reusable Int32Arrays. Adjacent runs of one color within a row are merged: the pixels
 * and the order colors first appear in (the palette's order) are unchanged, and there are fewer runs to
 * look up. Runs still never span two rows (the scanline writer puts a filter byte between rows).
 */
export class RunSink {
  counts = new Int32Array(4096);
  colors = new Int32Array(4096);
  length = 0;
  private back = 0;
  private x = 0;
  private lastColor = 0;
  private lastOver = 0;

  constructor(readonly width: number) {}

  reset(backColor: number): void {
    this.back = backColor;
    this.lastColor = 0;
    this.lastOver = over(0, backColor);
    this.length = 0;
    this.x = 0;
  }

  skip(count: number): void {
    if (count > 0) this.push(this.back, count);
  }

  write(color: number, count: number): void {
    if (count <= 0) return;
    // Most writes repeat the last color (a row is a few colors): compose it over the background once.
    if (color !== this.lastColor) {
      this.lastColor = color;
      this.lastOver = over(color, this.back);
    }
    this.push(this.lastOver, count);
  }

  private push(color: number, count: number): void {
    const n = this.length;
    if (this.x > 0 && this.colors[n - 1] === color) this.counts[n - 1] = (this.counts[n - 1] as number) + count;
    else {
      if (n === this.counts.length) this.grow();
      this.counts[n] = count;
      this.colors[n] = color;
      this.length = n + 1;
    }
    this.x += count;
    if (this.x >= this.width) this.x = 0;
  }

  private grow(): void {
    const counts = new Int32Array(this.counts.length * 2);
    const colors = new Int32Array(this.colors.length * 2);
    counts.set(this.counts);
    colors.set(this.colors);
    this.counts = counts;
    this.colors = colors;
  }
}
