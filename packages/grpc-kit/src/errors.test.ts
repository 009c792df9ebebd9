// What the gateway reads of a failed call: a status the service answered itself (its AppError, with a
// domain code) is told apart from the same status made up by the transport.
import { AppError, unavailable } from '@gatehouse/errors';
import * as grpc from '@grpc/grpc-js';
import { describeCallError, toServiceError } from './errors';

/** The failure a client sees for a status the server sent (grpc-js ServiceError shape). */
const received = (status: Partial<grpc.StatusObject>) =>
  Object.assign(new Error(status.details), { code: status.code, details: status.details, metadata: status.metadata });

describe('describeCallError', () => {
  it('names a status the service answered (its domain code, its client-facing message)', () => {
    const failure = describeCallError(received(toServiceError(unavailable('DATABASE_UNAVAILABLE', 'ledger down'))));
    expect(failure).toEqual({
      httpStatus: 503,
      grpcCode: grpc.status.UNAVAILABLE,
      kind: 'unavailable',
      message: 'ledger down',
      code: 'DATABASE_UNAVAILABLE',
      answeredByService: true,
    });
  });

  it('tells the same status from the transport apart: no domain code, no message shown', () => {
    const dropped = Object.assign(new Error('Connection dropped'), {
      code: grpc.status.UNAVAILABLE,
      details: 'Connection dropped',
      metadata: new grpc.Metadata(),
    });
    expect(describeCallError(dropped)).toEqual({
      httpStatus: 503,
      grpcCode: grpc.status.UNAVAILABLE,
      kind: 'unavailable',
      message: 'internal error',
      code: 'UNAVAILABLE',
      answeredByService: false,
    });
    expect(describeCallError(new Error('boom'))).toMatchObject({ httpStatus: 500, answeredByService: false });
  });

  it("an internal error is the service's answer too, but its message stays hidden", () => {
    const failure = describeCallError(received(toServiceError(new AppError('internal', 'BUG', 'secret detail'))));
    expect(failure).toMatchObject({ httpStatus: 500, message: 'internal error', answeredByService: true });
  });

  it('names the kind of failure in the domain words, so callers need no gRPC status numbers', () => {
    const refused = describeCallError(received(toServiceError(new AppError('unauthenticated', 'GONE', 'gone'))));
    expect(refused.kind).toBe('unauthenticated');
    expect(describeCallError({ code: grpc.status.NOT_FOUND, details: 'x' }).kind).toBe('not_found');
    expect(describeCallError({ code: grpc.status.CANCELLED, details: 'x' }).kind).toBe('other');
    expect(describeCallError(new Error('boom')).kind).toBe('other');
  });
});
