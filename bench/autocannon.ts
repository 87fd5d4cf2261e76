/**
 * autocannon (the load generator of bench:api, bench:load and bench:tours), typed for what these
 * scripts pass and read: the package ships no types.
 */
import { createRequire } from "node:module";

/** One request of a sequence each connection sends in turn. */
export interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  /** Stop after this many requests. */
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}

export interface AutocannonResult {
  requests: { average: number; total: number };
  throughput: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
}

const require = createRequire(import.meta.url);

export const autocannon = require("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;
export const autocannonVersion = (require("autocannon/package.json") as { version: string }).version;
