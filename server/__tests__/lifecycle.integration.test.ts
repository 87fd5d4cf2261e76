import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { isListening } from "../../e2e/support/raw-http";
import { freePort } from "../../e2e/support/server";
import { fixtureBuild, processAlive, tempDataDir, waitFor } from "./support/fixtures";
import { databaseEnv } from "./support/test-database";

/** Every process below `pid` (children, grandchildren…), so none outlives the test. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
  } catch {
    // no children
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

describe("npm start", () => {
  it("passes SIGTERM on to the server, which shuts down and frees its port", async () => {
    const port = await freePort();
    const npm = spawn("npm", ["start"], {
      env: { ...process.env, PORT: String(port), BUILD_DIR: fixtureBuild(), ...databaseEnv(tempDataDir()), LOG_LEVEL: "info", SMTP_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    let leftovers: number[] = [];
    try {
      await waitFor(() => output.includes("Server listening"), "npm start to listen");
      leftovers = descendants(npm.pid!);
      // What systemd, docker stop or `timeout` do: SIGTERM to the process they started, npm.
      npm.kill("SIGTERM");
      const [code] = (await once(npm, "exit")) as [number | null];
      await waitFor(() => leftovers.every((pid) => !processAlive(pid)), "every process under npm to exit");
      expect(await isListening(port)).toBe(false);
      expect(output).toMatch(/SIGTERM received, closing/);
      expect(output).toMatch(/closed cleanly/);
      expect(code).toBe(0);
    } finally {
      for (const pid of [npm.pid!, ...leftovers]) if (processAlive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 60_000);
});
