// The two internals of canvas-renderer (pinned at 2.2.1, jdenticon's own) that identicon.ts uses to
// write jdenticon's PNG itself: the rasterizer, giving runs of colors, and the color parser.
declare module 'canvas-renderer/lib/rasterization/rasterizer' {
  /** Runs of [count, color (0xRRGGBBAA as int32), ...]; none spans two rows. */
  export default function rasterize(edges: unknown, backColor: number): number[];
}

declare module 'canvas-renderer/lib/colorUtils' {
  const colorUtils: { parse(color: number | string): number };
  export default colorUtils;
}
