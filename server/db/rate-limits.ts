/**
 * The API's rate limits counted in the database (table of migration 106), for instances that share
 * one PostgreSQL database: a client spreading its requests over two instances is counted once, as
 * one instance counts it. A store of @fastify/rate-limit (its `store` option, as its own Redis store
 * is): each count is one upsert, which starts a new window when the last one is over. On SQLite
 * (one server) the limits stay in the server's memory, @fastify/rate-limit's default, with no write
 * per request.
 */
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { whenWritable } from "./availability";
import type { Db } from "./database";

/** How often, at most, the windows that are over are deleted (on a count). */
const pruneEveryMs = 60_000;

/** The options @fastify/rate-limit hands a store's `child` (one per limited route, or per `rateLimit()` hook). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store of counts in the table `rate_limits`, per key: the limiter's name (its route, or its
 * place among the hooks made by `rateLimit()`: the same in every instance, which registers the
 * same routes in the same order) and the client's address.
 */
export class DatabaseRateLimits implements FastifyRateLimitStore {
  private children = 0;
  private static pruned = 0;

  constructor(
    private readonly db: Db,
    private readonly prefix = "",
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * A class for @fastify/rate-limit's `store` option, counting in `db`. The clock is read at each
   * count, as the plugin's own memory store reads it (`Date.now` itself, taken once, would not follow
   * a clock a test moves).
   */
  static on(db: Db, now: () => number = () => Date.now()): new () => DatabaseRateLimits {
    return class extends DatabaseRateLimits {
      constructor() {
        super(db, "", now);
      }
    };
  }

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = this.now();
    whenWritable(() => {
      if (now - DatabaseRateLimits.pruned >= pruneEveryMs) {
        DatabaseRateLimits.pruned = now;
        // A day is longer than any window the server sets (RATE_LIMIT_WINDOW_MS).
        this.db.prepare("DELETE FROM rate_limits WHERE window_start < ?").run(now - 86_400_000);
      }
      return this.db
        .prepare(
          `INSERT INTO rate_limits (key, hits, window_start) VALUES (?, 1, ?)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.hits + 1 END,
             window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END
           RETURNING hits, window_start AS windowStart`,
        )
        .get(`${this.prefix}${key}`, now, now - timeWindow, now - timeWindow) as { hits: number; windowStart: number };
    }).then(
      (row) => callback(null, { current: row.hits, ttl: Math.max(0, row.windowStart + timeWindow - now) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(options: Parameters<FastifyRateLimitStore["child"]>[0]): DatabaseRateLimits {
    // The plugin hands the route's merged limit options, the route itself under `routeInfo` (its types say otherwise).
    const { routeInfo } = options as ChildOptions;
    const route = routeInfo?.url ? `${String(routeInfo.method)} ${routeInfo.url}` : `hook ${++this.children}`;
    return new DatabaseRateLimits(this.db, `${this.prefix}${route} `, this.now);
  }
}
