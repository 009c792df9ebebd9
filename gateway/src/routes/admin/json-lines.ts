import { StringDecoder } from 'node:string_decoder';

/** One line of a JSON lines body, numbered from 1 as an editor shows it; `tooLong`: cut, not read. */
export interface BodyLine {
  number: number;
  text: string;
  tooLong: boolean;
}

/**
 * The lines of a streamed body (LF or CRLF), as they arrive: nothing but the line being read is held,
 * and a line longer than `maxChars` is skipped to its end (reported as too long) instead of growing
 * without bound. Blank lines are counted, not yielded. The caller's awaits between lines pause the
 * reading: the body is read no faster than its lines are handled.
 */
export async function* jsonLines(body: AsyncIterable<Buffer | string>, maxChars: number): AsyncGenerator<BodyLine> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  let tooLong = false;
  let number = 0;
  const finish = (text: string): BodyLine | undefined => {
    number++;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    const cut = tooLong;
    tooLong = false;
    if (cut) return { number, text: '', tooLong: true };
    return line.trim() === '' ? undefined : { number, text: line, tooLong: false };
  };
  for await (const chunk of body) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const line = finish(tooLong ? '' : partial + text.slice(0, newline));
      partial = '';
      if (line) yield line;
      text = text.slice(newline + 1);
      newline = text.indexOf('\n');
    }
    if (tooLong) continue;
    partial += text;
    if (partial.length > maxChars) {
      tooLong = true;
      partial = '';
    }
  }
  const rest = partial + decoder.end();
  if (tooLong || rest.trim() !== '') {
    const line = finish(tooLong ? '' : rest);
    if (line) yield line;
  }
}
