import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Asks the OS for a free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  stop: () => Promise<void>;
}

/** The preload that reports when the server listens (./announce-listening.ts). */
const announceListening = new URL("./announce-listening.ts", import.meta.url).href;

/** The preload that moves the server's clock by the milliseconds in `CLOCK_SHIFT_FILE` (./shift-clock.ts). */
export const shiftClock = new URL("./shift-clock.ts", import.meta.url).href;

/**
 * The last resort only: a start-up takes a few seconds, more on a busy machine; the wait ends
 * on the server's own report that it listens, or on its exit, whichever comes first.
 */
const startLimitMs = 180_000;

/**
 * Starts the real server (`server/main.ts`) on a free port, waits until it reports that it
 * listens, and checks that `/healthz` answers. Fails at once, with its status, if it exits first.
 */
export async function startServer(
  options: { buildDir?: string; env?: Record<string, string>; dataDir?: string; entry?: string; port?: number; preload?: readonly string[] } = {},
): Promise<RunningServer> {
  // A test that must know the address first (its SITE_URL, for links that lead back) picks the port itself.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "lescours-data-"));
  const preloads = (options.preload ?? []).flatMap((module) => ["--import", module]);
  // `entry`: another way to start the same server (./clock-server.ts: on a clock the test moves).
  const child = spawn(process.execPath, ["--import", "tsx", ...preloads, "--import", announceListening, options.entry ?? "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: options.buildDir ?? "build",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  await listening(child);
  const url = `http://127.0.0.1:${port}`;
  const health = await fetch(`${url}/healthz`).catch((error: unknown) => error as Error);
  if (health instanceof Error || !health.ok) {
    await stop();
    throw new Error(`the server listens but /healthz answered ${health instanceof Error ? health.message : health.status}`);
  }
  return { url, process: child, dataDir, stop };
}

/** Resolves when the child reports that it listens; rejects if it exits first, or at the last-resort limit. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${startLimitMs / 1000} s`));
    }, startLimitMs);
    const settle = () => {
      clearTimeout(limit);
      child.off("exit", exited);
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      settle();
      reject(new Error(`server exited with ${code ?? signal} before it listened`));
    };
    child.once("exit", exited);
    child.once("message", () => {
      settle();
      resolve();
    });
  });
}
