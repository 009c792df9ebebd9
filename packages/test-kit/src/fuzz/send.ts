// Sending one hostile request and telling what became of it, for the HTTP fuzz suites
// (gateway/test/fuzz.test.ts, fuzz-accounts.test.ts).
import http from 'node:http';
import type { HostileRequest } from './hostile';

/** An answer's status, a connection closed without one, or a request Node refuses to put on the wire. */
export type Outcome = { status: number } | { dropped: string } | { unsendable: true };

export function sendHostile(agent: http.Agent, port: number, req: HostileRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        agent,
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.path,
        // Framed explicitly: Node sends a GET's body unframed, which the server reads as a next request.
        headers: req.body ? { ...req.headers, 'content-length': String(req.body.length) } : req.headers,
      });
    } catch {
      return resolve({ unsendable: true }); // Node refuses to put such a request on the wire
    }
    let answered: number | undefined;
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error('no answer in 15 s')));
    outgoing.on('response', (res) => {
      answered = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => resolve({ status: answered as number }));
      res.on('error', () => resolve({ status: answered as number }));
    });
    outgoing.on('error', (err) => {
      if (answered === undefined) resolve({ dropped: err.message });
    });
    outgoing.end(req.body);
  });
}
