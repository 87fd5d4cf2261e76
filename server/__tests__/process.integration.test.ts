import { spawn } from "node:child_process";
import { once } from "node:events";
import { Agent } from "node:http";
import { describe, expect, it } from "vitest";
import { postJson } from "../../e2e/support/raw-http";
import { compiledServer, freePort, startServer } from "../../e2e/support/server";
import { fixtureBuild, tempDataDir, validPayloads } from "./support/fixtures";
import { databaseEnv, onPostgres, openTestDatabase } from "./support/test-database";

/**
 * The server as a process: what survives its crash, and how it stops when asked.
 *
 * A SIGKILL ends the process, not the machine: what SQLite had written stays in the operating
 * system's page cache and reaches the disk later, so this test proves that a 201 is sent only once
 * the submission's transaction has committed (group commit, server/db/group-commit.ts), and that a
 * commit survives the process. It cannot prove the commit was on the disk: it passed with
 * `synchronous = OFF` too. Surviving a power cut is `synchronous = FULL` in WAL mode, which
 * server/__tests__/api.test.ts ("the database") reads from the server's own connection.
 */
describe("a process crash (SIGKILL)", () => {
  it("keeps every submission the server acknowledged before it was killed, under 200 concurrent clients", async (context) => {
    if (onPostgres()) context.skip("a kill -9 under load on PostgreSQL is tested by instances.integration.test.ts");
    const dataDir = tempDataDir();
    const server = await startServer({ buildDir: fixtureBuild(), dataDir, env: { RATE_LIMIT_MAX: "0", LOG_LEVEL: "error" } });
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    const acknowledged = new Map<string, string>();
    let failed = 0;
    let sent = 0;
    let killed = false;
    const killAfter = 400;

    // 200 clients submit one after another until the server dies; it is killed mid-stream.
    const clients = Array.from({ length: 200 }, async (_, client) => {
      for (let n = 0; !killed || n === 0; n++) {
        const message = `client ${client} submission ${n}`;
        sent++;
        try {
          const response = await postJson(agent, `${server.url}/api/contact-messages`, { ...validPayloads.contactMessage, message });
          if (response.status !== 201) throw new Error(`status ${response.status}`);
          acknowledged.set((JSON.parse(response.body) as { id: string }).id, message);
          if (acknowledged.size >= killAfter && !killed) {
            killed = true;
            server.process.kill("SIGKILL");
          }
        } catch {
          failed++;
          return;
        }
      }
    });
    await Promise.all(clients);
    agent.destroy();
    if (server.process.exitCode === null && server.process.signalCode === null) await once(server.process, "exit");
    expect(server.process.signalCode).toBe("SIGKILL");

    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);
    expect(failed).toBeGreaterThan(0); // requests were in flight when it died
    const db = openTestDatabase(dataDir);
    const rows = new Map(
      (db.prepare("SELECT id, message FROM contact_messages").all() as { id: string; message: string }[]).map((row) => [row.id, row.message]),
    );
    db.close();
    const missing = [...acknowledged].filter(([id, message]) => rows.get(id) !== message);
    expect(missing).toEqual([]);
    expect(rows.size).toBeLessThanOrEqual(sent);
  }, 120_000);
});

describe("npm start", () => {
  it("says once at start-up that nothing is mailed without SMTP_URL, and closes cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, [compiledServer()], {
      env: { ...process.env, PORT: String(await freePort()), BUILD_DIR: fixtureBuild(), ...databaseEnv(tempDataDir()), LOG_LEVEL: "info", SMTP_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("Server listening")) resolve();
      });
      child.once("exit", () => reject(new Error(`server did not start: ${output}`)));
    });
    child.kill("SIGTERM");
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
    const mailLines = output
      .split("\n")
      .filter((line) => line.includes("mail:"))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]!.level).toBe(30);
    expect(mailLines[0]!.msg).toMatch(/SMTP_URL is not set, so nothing is mailed/);
  }, 60_000);
});
