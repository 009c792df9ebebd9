// identicon-raster.ts re-implements canvas-renderer's rasterizer; jdenticon's icons exercise only part
// of it (opaque colors, nonzero fills). These drawings go through the rest, each held to canvas-renderer's
// own toPng: translucent colors and backgrounds, evenodd and nonzero fills, self-intersecting paths,
// partial clearRects (layers that hide those below), arcs, shapes past the canvas's sides, vertical edges
// on whole pixels and nearly horizontal ones (which make the original supersample the rest of a row).
import { type Canvas, createCanvas } from 'canvas-renderer';
import { canvasPng } from './identicon';

/** A small deterministic generator (mulberry32): the same drawings on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Drawing number `seed`: built twice, identically, since rasterizing sorts the canvas's edge table. */
function drawing(seed: number): Canvas {
  const r = random(seed);
  const byte = () => Math.floor(r() * 256);
  const side = 1 + Math.floor(r() * (seed % 10 === 0 ? 200 : 48));
  const at = () => (r() * 1.4 - 0.2) * side; // a fifth past each side
  const canvas = createCanvas(side, side);
  canvas.backColor = r() < 0.5 ? 0 : `rgba(${byte()},${byte()},${byte()},${r().toFixed(2)})`;
  const ctx = canvas.getContext();
  for (let shape = 1 + Math.floor(r() * 10); shape > 0; shape--) {
    ctx.fillStyle = `rgba(${byte()},${byte()},${byte()},${r() < 0.5 ? 1 : r().toFixed(2)})`;
    const kind = r();
    if (kind < 0.1) ctx.clearRect(at(), at(), r() * side, r() * side);
    else if (kind < 0.3) ctx.fillRect(at(), at(), r() * side, r() * side);
    else {
      ctx.beginPath();
      for (let path = 1 + Math.floor(r() * 3); path > 0; path--) {
        if (r() < 0.3) {
          ctx.arc(at(), at(), (r() * side) / 2, 0, Math.PI * 2, r() < 0.5);
          continue;
        }
        let y = at();
        ctx.moveTo(at(), y);
        for (let point = 2 + Math.floor(r() * 6); point > 0; point--) {
          const edge = r();
          if (edge < 0.2)
            y += (r() - 0.5) * 1e-9; // nearly horizontal
          else if (edge < 0.3)
            y = Math.round(at()); // on whole pixels
          else y = at();
          ctx.lineTo(edge >= 0.2 && edge < 0.3 ? Math.round(at()) : at(), y);
        }
        ctx.closePath();
      }
      ctx.fill(r() < 0.5 ? 'evenodd' : 'nonzero');
    }
  }
  return canvas;
}

describe('identicon-raster', () => {
  it('rasterizes any drawing as canvas-renderer does (the PNG bytes of its toPng, the state of one drawing not leaking into the next)', () => {
    const mismatches: number[] = [];
    for (let seed = 1; seed <= 400; seed++) {
      if (!canvasPng(drawing(seed)).equals(drawing(seed).toPng({ Software: 'Jdenticon' }))) mismatches.push(seed);
    }
    expect(mismatches).toEqual([]);
  });
});
