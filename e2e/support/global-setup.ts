import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startServer, type RunningServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    devBaseUrl: string;
    /** The production server's data folder (its SQLite database of submissions). */
    dataDir: string;
  }
}

/** Serves the production build, and the development build when present, with the real server. */
export default async function setup(project: TestProject) {
  // E2E_BUILD_DIR points the tests at another build (e.g. one made with BUILD_DIR=build-mine).
  const buildDir = process.env.E2E_BUILD_DIR ?? "build";
  if (!existsSync(`${buildDir}/build-info.json`)) throw new Error('No build: run "npm run build" before the browser tests');
  const servers: RunningServer[] = [];
  const prod = await startServer({ buildDir });
  servers.push(prod);
  project.provide("baseUrl", prod.url);
  project.provide("dataDir", prod.dataDir);
  if (existsSync("build-dev/build-info.json")) {
    const dev = await startServer({ buildDir: "build-dev" });
    servers.push(dev);
    project.provide("devBaseUrl", dev.url);
  } else {
    project.provide("devBaseUrl", "");
  }
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
