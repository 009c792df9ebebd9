// `pnpm admin users import FILE` (scripts/admin.ts): users brought in with their password hashes
// (docs/password-import.md). The file (JSON lines; `-` for stdin) is read as a stream and sent to
// POST /admin/v1/users/import in parts of PART_LINES lines, each one request: a part is answered well
// within the admin listener's 30 s request timeout even at the slowest import speed measured, and the
// file is never held whole. Refusals keep the file's own line numbers. Prints one answer for the file.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Lines per request: about 10 s of import at the 2,000 users/s floor. */
export const PART_LINES = 20_000;

export interface ImportCli {
  /** POST a body of JSON lines to the admin API; the parsed answer, or a thrown refusal. */
  postLines(route: string, body: string): Promise<unknown>;
  print(value: unknown): void;
}

interface Answer {
  imported: number;
  unchanged: number;
  refused: number;
  refusals: { line: number; reason: string }[];
  refusals_truncated: boolean;
}

export async function importCommand(cli: ImportCli, file: string): Promise<void> {
  const input = file === '-' ? process.stdin : createReadStream(file);
  const total: Answer = { imported: 0, unchanged: 0, refused: 0, refusals: [], refusals_truncated: false };
  let part: string[] = [];
  let offset = 0; // lines of the file before this part
  const send = async () => {
    // An empty part is still sent when the file is empty: the server answers it (and records the act).
    const answer = (await cli.postLines('/admin/v1/users/import', `${part.join('\n')}\n`)) as Answer;
    total.imported += answer.imported;
    total.unchanged += answer.unchanged;
    total.refused += answer.refused;
    total.refusals_truncated ||= answer.refusals_truncated;
    for (const r of answer.refusals) total.refusals.push({ line: r.line + offset, reason: r.reason });
    offset += part.length;
    part = [];
  };
  let sent = false;
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    part.push(line);
    if (part.length >= PART_LINES) {
      await send();
      sent = true;
    }
  }
  if (part.length > 0 || !sent) await send();
  cli.print(total);
}
