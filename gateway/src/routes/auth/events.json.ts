// The trail's events and the webhooks as the HTTP API words them, for the admin API
// (routes/admin/events.routes.ts) and a user's own activity (GET /auth/events): snake_case, absent values
// null, and the event's data as the JSON object the trail holds (ids and codes only).
import type { auth } from '@gatehouse/proto';

const orNull = (s: string) => (s === '' ? null : s);

function dataOf(json: string): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(json || '{}');
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One event of the trail, as the admin API answers it. */
export function eventJson(e: auth.Event__Output) {
  return {
    id: e.id,
    time: e.time,
    type: e.type,
    source: e.source,
    actor: { kind: e.actorKind, id: orNull(e.actorId) },
    subject_user: orNull(e.subjectUser),
    request_id: orNull(e.requestId),
    client_address: orNull(e.clientAddress),
    user_agent: orNull(e.userAgent),
    data: dataOf(e.dataJson),
  };
}

/**
 * One event of a user's own activity: what they did and from where, without the trail's internals
 * (which workload wrote it, who else acted): the user sees their logins, devices and changes.
 */
export function activityJson(e: auth.Event__Output) {
  return {
    id: e.id,
    time: e.time,
    type: e.type,
    request_id: orNull(e.requestId),
    client_address: orNull(e.clientAddress),
    user_agent: orNull(e.userAgent),
    data: dataOf(e.dataJson),
  };
}

export function webhookJson(w: auth.WebhookInfo__Output) {
  return {
    id: w.id,
    url: w.url,
    event_types: w.eventTypes,
    description: w.description,
    enabled: w.enabled,
    disabled_reason: orNull(w.disabledReason),
    failing_since: orNull(w.failingSince),
    created_at: orNull(w.createdAt),
  };
}

export function deliveryJson(d: auth.Delivery__Output) {
  return {
    id: Number(d.id),
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    next_attempt_at: orNull(d.nextAttemptAt),
    attempts: d.attempts.map((a) => ({
      at: a.at,
      status_code: a.statusCode === 0 ? null : a.statusCode,
      error: orNull(a.error),
      duration_ms: a.durationMs,
    })),
  };
}
