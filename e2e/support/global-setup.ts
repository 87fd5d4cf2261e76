import { existsSync } from "node:fs";
import { startClusterWithTemplate, type TestCluster } from "../../tests/support/postgres";
import { scratchFolder } from "../../tests/support/scratch";
import { serversMode, templateDatabase } from "./databases";
import { compileServer, freePort, startServer, type RunningServer } from "./server";

/**
 * In the pair mode (E2E_SERVERS=postgres-pair, ./databases.ts): a throwaway PostgreSQL cluster for
 * the run, with a migrated template every server's database is copied from; its address reaches
 * the workers as E2E_POSTGRES_URL.
 */
async function startRunCluster(): Promise<TestCluster> {
  const cluster = startClusterWithTemplate({ port: await freePort(), maxConnections: 300, template: templateDatabase });
  process.env.E2E_POSTGRES_URL = cluster.url("{database}");
  return cluster;
}

/**
 * Serves the production build, and the development build when present, with the real server (compiled),
 * once for the whole run (playwright.config.ts). Each server gets its own temporary DATA_DIR; the
 * addresses and the production data folder reach the workers as environment variables
 * (./servers.ts). Returns the teardown that stops both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_BUILD_DIR points the tests at another build (e.g. one made with BUILD_DIR=build-mine).
  const buildDir = process.env.E2E_BUILD_DIR ?? "build";
  if (!existsSync(`${buildDir}/build-info.json`)) throw new Error('No build: run "npm run build" before the browser tests');
  // The compiled server and the test entries (the clock server, the preloads), once for every worker.
  compileServer();
  // The run's temporary folders (the servers' data folders, the tests' content copies and
  // publishes) in a folder removed after it: the workers and the servers inherit TMPDIR.
  const scratch = scratchFolder("lescours-e2e-");
  const cluster = serversMode() === "postgres-pair" ? await startRunCluster() : null;
  // Both start at once; if either fails, the other is stopped before the error is reported.
  const started = await Promise.allSettled([
    startServer({ buildDir }),
    existsSync("build-dev/build-info.json") ? startServer({ buildDir: "build-dev" }) : Promise.resolve(undefined),
  ]);
  const servers = started.flatMap((result) => (result.status === "fulfilled" && result.value ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server: RunningServer) => server.stop()));
    cluster?.stop();
    scratch.remove();
  };
  const [prod, dev] = started;
  if (prod.status === "rejected" || dev.status === "rejected") {
    await stop();
    throw prod.status === "rejected" ? prod.reason : (dev as PromiseRejectedResult).reason;
  }
  process.env.E2E_BASE_URL = prod.value.url;
  process.env.E2E_DATA_DIR = prod.value.dataDir;
  process.env.E2E_DEV_BASE_URL = dev.value?.url ?? "";
  return stop;
}
