import * as grpc from '@grpc/grpc-js';
import type { InternalAuth } from './internal-auth';
import { mapHandlers } from './map-handlers';

/**
 * Which callers may call each method, by full service name then method name
 * (`{'auth.v1.SessionService': {ListSessions: ['gateway']}}`), so two services of one process with a
 * method of the same name (an admin service's ListSessions beside SessionService's) never share a rule.
 * Unlisted: nobody.
 */
export type AccessRules = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

export interface ServiceAccess {
  auth: InternalAuth;
  /** This service's name(s) as callers address it (the token's `aud`). */
  audience: string | string[];
  rules: AccessRules;
}

const BEARER = /^Bearer (\S+)$/;

function refusal(code: grpc.status, details: string): grpc.ServiceError {
  return Object.assign(new Error(details), { code, details, metadata: new grpc.Metadata() });
}

/** The caller may go on (undefined), or the status it gets: UNAUTHENTICATED or PERMISSION_DENIED. */
async function admit(access: ServiceAccess, service: string, method: string, metadata: grpc.Metadata) {
  const header = metadata.get('authorization')[0];
  const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!token) return refusal(grpc.status.UNAUTHENTICATED, 'caller credential required');
  let caller: string;
  try {
    caller = await access.auth.verify(token, access.audience);
  } catch {
    return refusal(grpc.status.UNAUTHENTICATED, 'caller credential refused');
  }
  if (!(access.rules[service]?.[method] ?? []).includes(caller)) {
    return refusal(grpc.status.PERMISSION_DENIED, `${caller} may not call ${service}/${method}`);
  }
  return undefined;
}

/**
 * The rules and the served methods match exactly: every method served has a rule (`[]` says nobody, on
 * purpose) and every rule names a method served. A rule missing, or named after another service's
 * method, would leave a method unreachable (unlisted is nobody), and no test of another path notices.
 */
export function checkRules(rules: AccessRules, definitions: readonly grpc.ServiceDefinition[]): void {
  const served = definitions.flatMap((d) => Object.values(d).map((attrs) => attrs.path.slice(1)));
  const ruled = Object.entries(rules).flatMap(([service, methods]) =>
    Object.keys(methods).map((m) => `${service}/${m}`),
  );
  const unruled = served.filter((path) => !ruled.includes(path));
  const unserved = ruled.filter((path) => !served.includes(path));
  if (unruled.length > 0 || unserved.length > 0)
    throw new Error(
      `access rules and served methods differ: ${[
        ...unruled.map((p) => `${p} has no rule`),
        ...unserved.map((p) => `${p} is not served`),
      ].join(', ')}`,
    );
}

/**
 * The implementation with every method behind the caller check. Health and reflection are added by the
 * server builder without it, so probes, grpcurl and buf curl work without credentials.
 */
export function guarded(
  definition: grpc.ServiceDefinition,
  // biome-ignore lint/suspicious/noExplicitAny: handlers are typed per service; the guard only wraps them
  implementation: any,
  access: ServiceAccess,
): grpc.UntypedServiceImplementation {
  return mapHandlers(definition, implementation, (handler, attrs) => {
    const [, service = '', method = ''] = attrs.path.split('/');
    if (attrs.requestStream) throw new Error(`${attrs.path}: client streams are not guarded`);
    return attrs.responseStream
      ? (call: grpc.ServerWritableStream<unknown, unknown>) => {
          admit(access, service, method, call.metadata).then((refused) => {
            if (refused) call.emit('error', refused);
            else handler(call);
          });
        }
      : (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
          admit(access, service, method, call.metadata).then((refused) => {
            if (refused) callback(refused);
            else handler(call, callback);
          });
        };
  });
}

/** A client interceptor that presents this process's caller token for `audience` on every call. */
export function presentCredential(auth: InternalAuth, audience: string): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        metadata.set('authorization', `Bearer ${auth.tokenFor(audience)}`);
        next(metadata, listener);
      },
    });
}
