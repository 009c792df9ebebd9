// Internals of canvas-renderer (pinned at 2.2.1, jdenticon's own): the color parser, which identicon.ts
// uses to write jdenticon's PNG itself, and the rasterizer that identicon-raster.ts re-implements (kept
// here for test/identicon-check.ts, which compares the two).
declare module 'canvas-renderer/lib/rasterization/rasterizer' {
  /** Runs of [count, color (0xRRGGBBAA as int32), ...]; none spans two rows. */
  export default function rasterize(edges: unknown, backColor: number): number[];
}

declare module 'canvas-renderer/lib/colorUtils' {
  const colorUtils: { parse(color: number | string): number };
  export default colorUtils;
}
