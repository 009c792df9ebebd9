import type { Metrics } from './registry';

/** The counts a pg Pool exposes (structural, so this package needs no pg). */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Gauges of a Postgres pool, read at scrape time: connections total, idle, and clients waiting. */
export function watchPgPool(metrics: Metrics, pool: string, target: PoolLike): void {
  const gauge = metrics.gauge('gatehouse_pg_pool_connections', 'Postgres pool connections by state', ['pool', 'state']);
  metrics.beforeScrape(() => {
    gauge.set({ pool, state: 'total' }, target.totalCount);
    gauge.set({ pool, state: 'idle' }, target.idleCount);
    gauge.set({ pool, state: 'waiting' }, target.waitingCount);
  });
}

/** The state an ioredis client reports (`ready`, `connecting`, `reconnecting`, `end`, ...). */
export interface RedisLike {
  status: string;
}

/** 1 while the Redis connection is ready, else 0, read at scrape time. */
export function watchRedis(metrics: Metrics, name: string, client: RedisLike): void {
  const gauge = metrics.gauge('gatehouse_redis_connection_ready', 'Redis connection ready (1) or not (0)', ['client']);
  metrics.beforeScrape(() => gauge.set({ client: name }, client.status === 'ready' ? 1 : 0));
}
