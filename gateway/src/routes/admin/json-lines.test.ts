// The import body's line reader: lines cut anywhere by the chunks (multi-byte characters too), CRLF,
// blank lines counted but not yielded, and a line over the limit skipped to its end without being held.
import { jsonLines } from './json-lines';

async function read(chunks: (string | Buffer)[], max = 50) {
  async function* body() {
    for (const c of chunks) yield typeof c === 'string' ? Buffer.from(c) : c;
  }
  const out = [];
  for await (const line of jsonLines(body(), max)) out.push(line);
  return out;
}

describe('jsonLines', () => {
  it('numbers lines as an editor does, across chunk boundaries, CRLF and a missing last newline', async () => {
    expect(await read(['{"a"', ':1}\r\n\n  \n{"b":2}\n{"c', '":3}'])).toEqual([
      { number: 1, text: '{"a":1}', tooLong: false },
      { number: 4, text: '{"b":2}', tooLong: false },
      { number: 5, text: '{"c":3}', tooLong: false },
    ]);
  });

  it('keeps a multi-byte character cut between two chunks', async () => {
    const bytes = Buffer.from('{"n":"Zoé"}\n');
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    expect(await read([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([
      { number: 1, text: '{"n":"Zoé"}', tooLong: false },
    ]);
  });

  it('skips a line over the limit to its end, and goes on', async () => {
    expect(
      await read(['{"ok":1}\n', 'x'.repeat(30), 'y'.repeat(30), 'z'.repeat(30), '\n{"ok":2}\n', 'w'.repeat(60)]),
    ).toEqual([
      { number: 1, text: '{"ok":1}', tooLong: false },
      { number: 2, text: '', tooLong: true },
      { number: 3, text: '{"ok":2}', tooLong: false },
      { number: 4, text: '', tooLong: true },
    ]);
    expect(await read([])).toEqual([]);
  });
});
