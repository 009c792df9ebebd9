/**
 * canvas-renderer 2.2.1's rasterizer (lib/rasterization/*), the same algorithm written for speed
 * (issue 36: it was half of an identicon's CPU). The picture must stay the one users have, to the
 * byte, so every step is the original's, in the original's order and with the original's floating
 * point expressions: the edge table's scanlines sorted stably by first x, the rows cut into the same
 * supersample ranges, a single crossing edge integrated analytically, anything else sampled 10 × 4
 * per pixel into the same 16-bit sums, layers composed top down with the same `over`, coverage mixed
 * with the same `mix`, each run composed over the background. What changes is the bookkeeping:
 * parallel arrays reused from icon to icon instead of an object per layer, per intersection and per
 * range, no closures, spans of whole pixels added to the supersample buffer as a difference array
 * (identicon-samples.ts), pixels of equal sums written as one run, and runs appended to a reusable
 * Int32Array (adjacent runs of one color merged: the pixels and the palette's order are unchanged).
 */
import { Layers, mix, RunSink } from './identicon-raster-state';
import { PixelSum, SuperSamples } from './identicon-samples';

export { RunSink } from './identicon-raster-state';

/** canvas-renderer's edge (lib/rasterization/edge.js), as the canvas context builds it. */
interface Edge {
  polygonId: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0xRRGGBBAA as int32, or Infinity (FORCE_TRANSPARENT, a partial clearRect). */
  color: number;
  windingRule?: string;
}
/** One entry of the edge table: the pixels of one row an edge passes through. */
interface Entry {
  fromX: number;
  width: number;
  edge: Edge;
}
/** canvas-renderer's EdgeTable: `scanlines[y]` is the row's entries in the order they were added. */
export interface EdgeTable {
  width: number;
  height: number;
  scanlines: (Entry[] | undefined)[];
}

const SAMPLES_X = 10;
const SAMPLES_Y = 4;
const SAMPLE_HEIGHT = 1 / SAMPLES_Y;

/** Stable insertion sort by fromX: the order Array#sort (stable in V8) gives with the original's comparator. */
function sortRow(row: Entry[]): void {
  for (let i = 1; i < row.length; i++) {
    const e = row[i] as Entry;
    let j = i - 1;
    while (j >= 0 && (row[j] as Entry).fromX > e.fromX) {
      row[j + 1] = row[j] as Entry;
      j--;
    }
    row[j + 1] = e;
  }
}

/** Scratch space reused from icon to icon (the service rasterizes one icon at a time). */
const rangeFrom: number[] = [];
const rangeTo: number[] = [];
const rangeStart: number[] = []; // index in `rangeEdges` of each range's first edge
const rangeEdges: Edge[] = [];
const hitX: number[] = [];
const hitEdge: Edge[] = [];

/** Cuts a sorted row into ranges of overlapping entries, as getSuperSampleRanges does; returns how many. */
function superSampleRanges(row: Entry[], width: number): number {
  let n = 0;
  let edges = 0;
  let i = 0;
  while (i < row.length) {
    const first = row[i] as Entry;
    if (first.fromX >= width) break;
    let to = first.fromX + first.width;
    rangeFrom[n] = first.fromX;
    rangeStart[n] = edges;
    rangeEdges[edges++] = first.edge;
    for (i++; i < row.length; i++) {
      const next = row[i] as Entry;
      if (next.fromX >= to) break;
      to = Math.max(to, next.fromX + next.width);
      rangeEdges[edges++] = next.edge;
    }
    rangeTo[n++] = Math.min(to, width);
  }
  rangeStart[n] = edges;
  return n;
}

/** The edges of `rangeEdges[from, to)` crossing `y`, with their x, stably sorted by x (getIntersections). */
function intersections(from: number, to: number, y: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const edge = rangeEdges[i] as Edge;
    if ((edge.y0 < y && edge.y1 >= y) || (edge.y0 >= y && edge.y1 < y)) {
      const x = edge.x0 + ((edge.x1 - edge.x0) * (y - edge.y0)) / (edge.y1 - edge.y0);
      let j = n - 1;
      while (j >= 0 && (hitX[j] as number) > x) {
        hitX[j + 1] = hitX[j] as number;
        hitEdge[j + 1] = hitEdge[j] as Edge;
        j--;
      }
      hitX[j + 1] = x;
      hitEdge[j + 1] = edge;
      n++;
    }
  }
  return n;
}

/**
 * Writes pixels 0 to n - 1 of the resolved buffer: one color per pixel as the original, but a pixel
 * whose sums equal its left neighbour's has its color, so runs of them are one write.
 */
function writeSampled(sums: Uint16Array, n: number, samples: SuperSamples, out: RunSink): void {
  let run = 0;
  let runColor = 0;
  for (let i = 0, at = 0; i < n; i++, at += 5) {
    if (
      run > 0 &&
      sums[at] === sums[at - 5] &&
      sums[at + 1] === sums[at - 4] &&
      sums[at + 2] === sums[at - 3] &&
      sums[at + 3] === sums[at - 2] &&
      sums[at + 4] === sums[at - 1]
    ) {
      run++;
      continue;
    }
    out.write(runColor, run);
    runColor = samples.colorAt(i);
    run = 1;
  }
  out.write(runColor, run);
}

/** Edge.intersection: note the expression differs from getIntersections', and both are kept. */
function crossing(edge: Edge, y: number): number {
  return edge.x0 + ((edge.x1 - edge.x0) * (edge.y0 - y)) / (edge.y0 - edge.y1);
}

const layers = Array.from({ length: SAMPLES_Y }, () => new Layers());
const before = new PixelSum(SAMPLES_X);
const after = new PixelSum(SAMPLES_X);
const scratch = new Map<number, { samples: SuperSamples; out: RunSink }>();

/** The supersample buffer and runs for a canvas width, kept for the next icon of that width. */
function scratchFor(width: number): { samples: SuperSamples; out: RunSink } {
  let found = scratch.get(width);
  if (!found) {
    if (scratch.size > 16) scratch.clear(); // sizes are a handful of presets; bound it anyway
    // One pixel more than the row: the color carried on after a range is averaged there.
    found = { samples: new SuperSamples(width + 1, SAMPLES_X), out: new RunSink(width) };
    scratch.set(width, found);
  }
  return found;
}

/**
 * Rasterizes `table` (sorting its rows, as the original sorts them in place) to runs of
 * [count, color], none spanning two rows, colors composed over `backColor`. The runs are scratch
 * space: read them before the next call.
 */
export function rasterize(table: EdgeTable, backColor: number): RunSink {
  const { width, height } = table;
  const { samples, out } = scratchFor(width);
  out.reset(backColor);
  // The original starts from new layer managers and a new buffer: ours may hold the last icon's state
  // (its bottom row's polygons, when they reach past the canvas).
  for (const l of layers) l.clear();
  samples.clear();
  let usedLayers = 0;
  let color = 0;

  for (let ey = 0; ey < height; ey++) {
    const row = table.scanlines[ey];
    if (!row?.length) {
      out.skip(width);
      continue;
    }
    sortRow(row);
    for (let i = 0; i < usedLayers; i++) (layers[i] as Layers).clear();
    usedLayers = 1;

    const ranges = superSampleRanges(row, width);
    // The original reads ranges[0].fromX even when the row has none in the canvas (a TypeError);
    // rows never start past the canvas here (the table drops such entries), so n ≥ 1.
    out.skip(rangeFrom[0] as number);

    for (let r = 0; r < ranges; r++) {
      const fromX = rangeFrom[r] as number;
      const toX = rangeTo[r] as number;
      const first = rangeStart[r] as number;
      const last = rangeStart[r + 1] as number;
      const edge = rangeEdges[first] as Edge;

      if (last - first === 1 && ((edge.y0 <= ey && edge.y1 >= ey + 1) || (edge.y0 >= ey + 1 && edge.y1 <= ey))) {
        // One edge crossing the whole row: integrate its coverage instead of sampling.
        const xey = crossing(edge, ey);
        const xey1 = crossing(edge, ey + 1);
        const x0 = Math.min(xey, xey1);
        const x1 = Math.max(xey, xey1);
        const w = x1 - x0;
        // The original adds each sub-row's color before the edge to buffer pixel 0 and after it to
        // pixel 1, ten samples each, and averages both: the same sums, kept in two accumulators.
        before.reset();
        after.reset();
        for (let sy = 0; sy < usedLayers; sy++) {
          const l = layers[sy] as Layers;
          before.addFull(l.color);
          l.add(edge);
          after.addFull(l.color);
        }
        const fromColor = before.average();
        color = after.average();

        for (let x = fromX; x < toX; x++) {
          if (x0 >= x + 1) out.write(fromColor, 1);
          else if (x1 <= x) out.write(color, 1);
          else {
            let coverage = x1 < x + 1 ? x + 1 - x1 : 0;
            if (w > 0.001) {
              const a = Math.max(x0, x);
              const b = Math.min(x1, x + 1);
              coverage += ((b * b - a * a) / 2 + x0 * (a - b)) / w;
            }
            out.write(mix(fromColor, color, coverage), 1);
          }
        }
      } else {
        // Several edges: 4 sub-rows, each walked through its crossings left to right.
        while (usedLayers < SAMPLES_Y) (layers[0] as Layers).copyTo(layers[usedLayers++] as Layers);
        let y = ey + SAMPLE_HEIGHT / 2;
        for (let sy = 0; sy < SAMPLES_Y; sy++, y += SAMPLE_HEIGHT) {
          const l = layers[sy] as Layers;
          color = l.color;
          const hits = intersections(first, last, y);
          for (let i = 0; i < hits; i++) {
            samples.add(color, (hitX[i] as number) - fromX);
            l.add(hitEdge[i] as Edge);
            color = l.color;
          }
          samples.add(color, toX - fromX + 1);
          samples.rewind();
        }
        const n = toX - fromX;
        samples.resolveAndClear(n);
        color = samples.colorAt(n);
        writeSampled(samples.sums, n, samples, out);
      }
      // The color after the range, carried on to the next range or the row's end.
      out.write(color, (r + 1 < ranges ? (rangeFrom[r + 1] as number) : width) - toX);
    }
  }
  return out;
}
