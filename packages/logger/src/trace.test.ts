import { Writable } from 'node:stream';
import { createLogger } from './index';
import {
  childTraceparent,
  currentTrace,
  parseTraceparent,
  randomFraction,
  requestIdFrom,
  runInTrace,
  traceFrom,
} from './trace';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('takes a valid header, with a new span id for this process', () => {
    const trace = parseTraceparent(`00-${TRACE}-${PARENT}-01`);
    expect(trace).toEqual({ traceId: TRACE, spanId: expect.stringMatching(/^[0-9a-f]{16}$/), flags: '01' });
    expect(trace?.spanId).not.toBe(PARENT);
  });

  it('takes a later version with extra fields, as the spec asks', () => {
    expect(parseTraceparent(`cc-${TRACE}-${PARENT}-01-what-the-future-holds`)?.traceId).toBe(TRACE);
  });

  it.each([
    ['empty', ''],
    ['garbage', 'not a traceparent at all, but long enough to pass the length check ....'],
    ['upper case', `00-${TRACE.toUpperCase()}-${PARENT}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${PARENT}-01`],
    ['all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${PARENT}-01`],
    ['extra field on version 00', `00-${TRACE}-${PARENT}-01-x`],
    ['short trace id', `00-${TRACE.slice(1)}-${PARENT}-01`],
    ['non-hex', `00-${TRACE.slice(1)}g-${PARENT}-01`],
  ])('refuses %s', (_name, header) => {
    expect(parseTraceparent(header)).toBeUndefined();
  });

  it('starts a new trace for a missing, repeated or invalid header', () => {
    for (const header of [undefined, [`00-${TRACE}-${PARENT}-01`], 'junk']) {
      const trace = traceFrom(header);
      expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(trace.traceId).not.toBe(TRACE);
      expect(trace.flags).toBe('00');
    }
    const ids = new Set(Array.from({ length: 1000 }, () => traceFrom(undefined).traceId));
    expect(ids.size).toBe(1000);
  });

  it('gives outgoing calls the same trace id and a new span id', () => {
    const trace = traceFrom(`00-${TRACE}-${PARENT}-01`);
    const child = parseTraceparent(childTraceparent(trace));
    expect(childTraceparent(trace)).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    expect(child?.traceId).toBe(TRACE);
  });

  it('is the current trace through async work, and only there', async () => {
    const trace = traceFrom(undefined);
    await runInTrace(trace, async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentTrace()).toBe(trace);
    });
    expect(currentTrace()).toBeUndefined();
  });
});

describe('log lines', () => {
  it('carry trace_id and span_id inside a trace, and nothing outside one', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ name: 'svc', destination });
    const trace = traceFrom(`00-${TRACE}-${PARENT}-01`);
    runInTrace(trace, () => log.info('inside'));
    log.info('outside');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ msg: 'inside', trace_id: TRACE, span_id: trace.spanId });
    expect(JSON.parse(lines[1] as string)).not.toHaveProperty('trace_id');
  });
});

describe('requestIdFrom', () => {
  it("gives traceFrom's trace id: the header's when valid, a new one otherwise", () => {
    const header = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(requestIdFrom(header)).toBe(traceFrom(header).traceId);
    for (const bad of [undefined, 'nonsense', '00-00000000000000000000000000000000-00f067aa0ba902b7-01', [header]]) {
      const id = requestIdFrom(bad);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(id).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    }
  });
});

describe('randomFraction', () => {
  it('gives steps of 1/256 in [0, 1), each of the 32 ULID characters about equally often', () => {
    const counts = new Array(32).fill(0);
    const n = 64_000;
    for (let i = 0; i < n; i++) {
      const f = randomFraction();
      expect(f >= 0 && f < 1 && Number.isInteger(f * 256)).toBe(true);
      counts[Math.floor(f * 32)]++;
    }
    // 2,000 expected each; a fair source falls outside ±15 % far less than once in a million runs.
    for (const c of counts) expect(Math.abs(c - n / 32)).toBeLessThan(300);
  });
});
