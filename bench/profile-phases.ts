// Reads the V8 CPU profiles `BENCH_CPU_PROF=<dir> pnpm bench sessions` leaves in <dir> and prints, for
// each process, where its CPU went during the phases whose name contains <phase> (all phases when
// omitted): self time by function, then by package or file. The profiles and phases.json share one
// clock (process.hrtime, in µs), so a phase is cut out of the whole run's profile by its time window.
//   npx tsx bench/profile-phases.ts <dir> [phase] [top]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Phases {
  pids: Record<string, number>;
  windows: { phase: string; startUs: number; endUs: number }[];
}

const [dir = '.', wanted = '', topArg = '25'] = process.argv.slice(2);
const top = Number(topArg);
const phases = JSON.parse(readFileSync(path.join(dir, 'phases.json'), 'utf8')) as Phases;
const windows = phases.windows.filter((w) => w.phase.includes(wanted));

/** Where a frame's code lives: its package (node_modules), its file in the repo, or the runtime. */
function place(url: string, fallback: string): string {
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const repo = /\/(gateway|services|packages|bench)\/(.*)$/.exec(url);
  if (repo) return `${repo[1]}/${repo[2]}`;
  return url || fallback;
}

function add(map: Map<string, number>, key: string, us: number) {
  map.set(key, (map.get(key) ?? 0) + us);
}

function show(title: string, map: Map<string, number>, busy: number) {
  console.log(`  -- ${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((100 * us) / busy).toFixed(1).padStart(5)}% ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const pid = Number(/\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(file)?.[1]);
  const name = Object.entries(phases.pids).find(([, p]) => p === pid)?.[0] ?? `pid ${pid}`;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let t = profile.startTime;
  let busy = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (!windows.some((w) => t >= w.startUs && t < w.endUs)) continue;
    const frame = nodes.get(profile.samples[i] as number)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idle += delta;
      continue;
    }
    busy += delta;
    const where = place(frame.url, frame.functionName);
    add(byFunction, `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`, delta);
    add(byPlace, where, delta);
  }
  console.log(`== ${name}: busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms in "${wanted}"`);
  show('self time by function', byFunction, busy);
  show('self time by package or file', byPlace, busy);
}
