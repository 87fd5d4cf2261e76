import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { postgresBin, startClusterWithTemplate, type TestCluster } from "./postgres";

declare module "vitest" {
  interface ProvidedContext {
    /** The test cluster's URL for a database name, as a template (`…/{database}`); "" when PostgreSQL is not installed. */
    postgresUrl: string;
    /** Why the PostgreSQL runs are skipped, when they are. */
    postgresMissing: string;
  }
}

/** The database every test server's own database is copied from: migrated once per run. */
export const templateDatabase = "lescours_template";

/** A port no one listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Vitest's global setup for the "postgres" project (vitest.config.ts): one throwaway cluster for
 * the run, with a migrated template database; each test server gets a copy of it
 * (server/__tests__/support/fixtures.ts). Without PostgreSQL's programs the project's tests are
 * skipped, saying so (scripts/ensure-postgres.sh installs them; `npm test` runs it first).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  let cluster: TestCluster | null = null;
  try {
    postgresBin();
  } catch (error) {
    console.warn(`The PostgreSQL tests are skipped: ${error instanceof Error ? error.message : String(error)}`);
    project.provide("postgresUrl", "");
    project.provide("postgresMissing", error instanceof Error ? error.message : String(error));
    return () => {};
  }
  cluster = startClusterWithTemplate({ port: await freePort(), template: templateDatabase });
  project.provide("postgresUrl", cluster.url("{database}"));
  project.provide("postgresMissing", "");
  const started = cluster;
  return () => started.stop();
}
