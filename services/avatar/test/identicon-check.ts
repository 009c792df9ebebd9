// A check too long for Jest (about 20 s in plain node): identiconPng against jdenticon's own toPng for
// random user ids at every size the service may draw, every byte; then CPU per icon, our rasterizer
// against canvas-renderer's on the same drawings, blocks alternating, in one process.
//   npx tsx services/avatar/test/identicon-check.ts [ids at 300 px = 2000] [ids per other size = 300]
import { createHash, randomBytes } from 'node:crypto';
import { createCanvas } from 'canvas-renderer';
import canvasRendererRasterize from 'canvas-renderer/lib/rasterization/rasterizer';
import { drawIcon, toPng } from 'jdenticon';
import { identiconPng } from '../src/identicon';
import { type EdgeTable, rasterize } from '../src/identicon-raster';

const at300 = Number(process.argv[2] ?? 2000);
const perSize = Number(process.argv[3] ?? 300);

/** Random ids of the shapes providers make: hashes, names, non-ASCII and astral characters, digits. */
function randomId(i: number): string {
  const hex = randomBytes(12).toString('hex');
  return [`dev_${createHash('sha1').update(hex).digest('hex')}`, `github_${hex}`, `télé_Ωμ_${hex}_😀`, `${i}`][
    i % 4
  ] as string;
}

let checked = 0;
const mismatches: string[] = [];
const plan: [number, number][] = [[300, at300]];
for (const size of [16, 32, 48, 64, 80, 100, 128, 256, 512, 1, 2, 3, 299]) plan.push([size, perSize]);
for (const [size, n] of plan) {
  for (let i = 0; i < n; i++, checked++) {
    const id = randomId(i);
    if (!identiconPng(id, size).equals(toPng(id, size))) mismatches.push(`${size} ${JSON.stringify(id)}`);
  }
}
console.log(`${checked} identicons checked against jdenticon's toPng, ${mismatches.length} differ`);
for (const m of mismatches.slice(0, 20)) console.log(`  differs: ${m}`);

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const ids = Array.from({ length: 2000 }, (_, i) => randomId(i));
const edgesOf = (id: string): EdgeTable => {
  const canvas = createCanvas(300, 300);
  drawIcon(canvas.getContext() as unknown as Parameters<typeof drawIcon>[0], id, 300);
  return (canvas as unknown as { _edges: EdgeTable })._edges;
};
const theirs = ids.map(edgesOf);
const ours = ids.map(edgesOf);
let theirsCpu = 0;
let oursCpu = 0;
let wholeCpu = 0;
for (let from = 0; from < ids.length; from += 100) {
  let t = cpu();
  for (let i = from; i < from + 100; i++) canvasRendererRasterize(theirs[i], 0);
  theirsCpu += cpu() - t;
  t = cpu();
  for (let i = from; i < from + 100; i++) rasterize(ours[i] as EdgeTable, 0);
  oursCpu += cpu() - t;
  t = cpu();
  for (let i = from; i < from + 100; i++) identiconPng(ids[i] as string, 300);
  wholeCpu += cpu() - t;
}
const ms = (micros: number) => (micros / ids.length / 1000).toFixed(3);
console.log(
  `300 px, CPU per icon: rasterizing ${ms(theirsCpu)} ms (canvas-renderer), ${ms(oursCpu)} ms (ours); ` +
    `identiconPng ${ms(wholeCpu)} ms`,
);
process.exitCode = mismatches.length ? 1 : 0;
