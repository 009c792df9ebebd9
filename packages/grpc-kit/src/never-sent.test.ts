// Which failed calls never left the process: the gateway sends a card load again only then.
import * as grpc from '@grpc/grpc-js';
import { callNeverSent } from './errors';

const failure = (code: grpc.status, details: string) => Object.assign(new Error(details), { code, details });

describe('callNeverSent', () => {
  it('is true for the picker failures of grpc-js (no connection ready, no address known)', () => {
    expect(callNeverSent(failure(grpc.status.UNAVAILABLE, 'No connection established'))).toBe(true);
    expect(
      callNeverSent(
        failure(grpc.status.UNAVAILABLE, 'round_robin: No connection established. Last error: ECONNREFUSED'),
      ),
    ).toBe(true);
    expect(callNeverSent(failure(grpc.status.UNAVAILABLE, 'Name resolution failed for target dns:///payment'))).toBe(
      true,
    );
  });

  it('is false for a call that may have run (dropped connection, deadline, another status)', () => {
    expect(callNeverSent(failure(grpc.status.UNAVAILABLE, 'Connection dropped'))).toBe(false);
    expect(callNeverSent(failure(grpc.status.DEADLINE_EXCEEDED, 'No connection established'))).toBe(false);
    expect(callNeverSent(new Error('boom'))).toBe(false);
  });
});
