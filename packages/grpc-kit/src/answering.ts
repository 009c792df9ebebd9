import type * as grpc from '@grpc/grpc-js';
import { mapHandlers } from './map-handlers';

/**
 * Counts the unary calls a server is answering, so shutdown can let them answer before it sends
 * GOAWAY. Without this, a call still running at SIGTERM could finish its work (a card load settled)
 * while its client saw the connection close first ("UNAVAILABLE: Connection dropped"), and took a
 * done load for an unknown outcome. Streams are not counted: a watch stream never ends by itself.
 */
export class AnsweringCalls {
  private active = 0;
  private idle: Array<() => void> = [];

  get count(): number {
    return this.active;
  }

  /** The implementation with every unary handler counted from its start until it has answered. */
  wrap(
    definition: grpc.ServiceDefinition,
    implementation: grpc.UntypedServiceImplementation,
  ): grpc.UntypedServiceImplementation {
    return mapHandlers(definition, implementation, (handler, attrs) => {
      if (attrs.requestStream || attrs.responseStream) return handler;
      return (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        this.active++;
        let answered = false;
        const done = () => {
          if (answered) return;
          answered = true;
          this.active--;
          if (this.active === 0) for (const resolve of this.idle.splice(0)) resolve();
        };
        // A client that goes away never gets an answer written; it no longer waits for one either.
        call.once('cancelled', done);
        // Counted down however the answer goes (a callback that throws on a closed stream, a handler
        // that throws before answering): a count left behind made an idle server wait out its whole
        // grace period at shutdown, "letting calls under way answer" that did not exist.
        try {
          handler(call, ((...args: Parameters<grpc.sendUnaryData<unknown>>) => {
            try {
              callback(...args);
            } finally {
              done();
            }
          }) as grpc.sendUnaryData<unknown>);
        } catch (err) {
          done();
          throw err;
        }
      };
    });
  }

  /** Resolves once no unary call is being answered, or after `timeoutMs`. */
  settled(timeoutMs: number): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
