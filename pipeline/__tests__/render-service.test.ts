import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { processAlive, waitFor } from "../../server/__tests__/support/fixtures";

/**
 * The live preview's render service (../render-service.ts) outlives a server that goes away while
 * a request of its waits: it ends quietly, never with an unhandled EPIPE on its answer. Made
 * certain here: a stand-in for the server starts the service, stops it (SIGSTOP), sends it a
 * request, and exits; the service, let go on, reads the request and answers a server that is gone.
 */
const standInServer = `
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
const [errors] = process.argv.slice(1);
const service = spawn(process.execPath, ["--import", "tsx", "pipeline/render-service.ts"], {
  stdio: ["ignore", "ignore", openSync(errors, "w"), "ipc"],
});
service.on("message", (message) => {
  if (!message.ready) return;
  process.kill(service.pid, "SIGSTOP");
  service.send({ id: 1, build: "/no-such-build", path: "/", overrides: {}, pictures: {} }, () => {
    process.stdout.write(String(service.pid));
    process.exit(0);
  });
});
`;

it("ends quietly when the server that asked for a render has gone before the answer", async () => {
  const errors = join(mkdtempSync(join(tmpdir(), "lescours-render-service-")), "stderr");
  const server = spawn(process.execPath, ["--input-type=module", "-e", standInServer, errors], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await new Promise((resolve) => server.once("exit", resolve));
  const pid = Number(output);
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, "SIGCONT");
  await waitFor(() => !processAlive(pid), "the render service to end");
  expect(readFileSync(errors, "utf8")).toBe("");
}, 60_000);
