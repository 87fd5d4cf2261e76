import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../e2e/support/server";
import { configSchema, ConfigError, parseConfig } from "../config";
import { fixtureBuild, tempDataDir } from "./support/fixtures";

describe(".env.example", () => {
  it("lists every variable the server reads, each with its default", () => {
    const listed = Object.fromEntries(
      readFileSync(".env.example", "utf8")
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    expect(Object.keys(configSchema.shape).filter((name) => !(name in listed))).toEqual([]);
    expect(parseConfig(listed)).toEqual(parseConfig({}));
  });
});

describe("parseConfig", () => {
  it("has working defaults", () => {
    expect(parseConfig({})).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", TRUST_PROXY: false, HSTS: false });
  });

  it("reads the environment's values", () => {
    expect(parseConfig({ PORT: "8080", HSTS: "true", SMTP_URL: "smtp://mail.example:2525" })).toMatchObject({
      PORT: 8080,
      HSTS: true,
      SMTP_URL: "smtp://mail.example:2525",
    });
    expect(parseConfig({ MAIL_FROM: "Website <web@example.com>" }).MAIL_FROM).toBe("Website <web@example.com>");
    expect(parseConfig({ MAIL_FROM: "web@example.com" }).MAIL_FROM).toBe("web@example.com");
    expect(parseConfig({ MAIL_RETRY_BASE_MS: "1000", MAIL_RETRY_MAX_MS: "1000" })).toMatchObject({ MAIL_RETRY_MAX_MS: 1000 });
  });

  it("names a bad value in one line", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT="eighty" /);
    expect(() => parseConfig({ SMTP_URL: "http://x" })).toThrow(/SMTP_URL="http:\/\/x" must be an smtp/);
    expect(() => parseConfig({ HSTS: "yes" })).toThrow(/HSTS="yes" must be true or false/);
  });

  // Each of these started the server before (issue 14): a port the OS picks, a blank, hex, a
  // retry ceiling below its base, a sender that is no address, an SMTP URL without a host, a
  // blank data folder (a database next to the filesystem root).
  it.each([
    ["PORT", { PORT: "0" }],
    ["PORT", { PORT: " " }],
    ["PORT", { PORT: "0x10E1" }],
    ["PORT", { PORT: "3000.5" }],
    ["PORT", { PORT: "1e3" }],
    ["MAIL_RETRY_MAX_MS", { MAIL_RETRY_BASE_MS: "60000", MAIL_RETRY_MAX_MS: "1000" }],
    ["MAIL_FROM", { MAIL_FROM: "not an address" }],
    ["MAIL_FROM", { MAIL_FROM: "Website <not an address>" }],
    ["SMTP_URL", { SMTP_URL: "smtp://" }],
    ["DATA_DIR", { DATA_DIR: " " }],
    ["BUILD_DIR", { BUILD_DIR: "  " }],
    ["HOST", { HOST: " " }],
    ["RATE_LIMIT_MAX", { RATE_LIMIT_MAX: "0x10" }],
    ["MAIL_MAX_ATTEMPTS", { MAIL_MAX_ATTEMPTS: " 3" }],
    ["REQUEST_TIMEOUT_MS", { REQUEST_TIMEOUT_MS: "0" }],
    ["MAX_CONNECTIONS", { MAX_CONNECTIONS: "-1" }],
    ["HEADERS_TIMEOUT_MS", { HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" }],
  ])("refuses %s in %j", (name, env) => {
    let message = "";
    try {
      parseConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}=`));
    expect(message).not.toContain("\n");
  });
});

/** Runs `server/main.ts` until it exits, `until` holds for its output, or `waitMs` passes; returns its status and output. */
async function runServer(env: Record<string, string>, waitMs = 8000, until?: (stdout: string) => boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), PORT: String(await freePort()), LOG_LEVEL: "warn", SMTP_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    if (until?.(stdout)) child.kill("SIGKILL");
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const timer = setTimeout(() => child.kill("SIGKILL"), waitMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** A start-up that must fail: status 1 and one line on stderr naming `variable`. */
async function expectStartupFailure(env: Record<string, string>, variable: string, cause?: RegExp) {
  const { code, stderr } = await runServer(env);
  const lines = stderr.trim().split("\n");
  expect(code, stderr).toBe(1);
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toContain(`${variable}=`);
  if (cause) expect(lines[0]).toMatch(cause);
}

describe("npm start with a bad value", () => {
  it("prints one clear line and exits non-zero", async () => {
    await Promise.all([
      expectStartupFailure({ PORT: "99999" }, "PORT", /^Invalid configuration: PORT="99999"/),
      expectStartupFailure({ PORT: "0" }, "PORT", /^Invalid configuration: PORT="0"/),
      expectStartupFailure({ TRUST_PROXY: "true" }, "TRUST_PROXY", /every client/),
    ]);
  }, 30_000);

  it("names the cause of every other start-up failure", async () => {
    // DATA_DIR is a file; DATA_DIR holds a folder where the database file should be; no build in
    // BUILD_DIR; a HOST that does not resolve; a PORT another process holds.
    const dataFile = join(tempDataDir(), "not-a-folder");
    writeFileSync(dataFile, "");
    const blocked = tempDataDir();
    mkdirSync(join(blocked, "submissions.sqlite"));
    const busy = createServer();
    const busyPort = await new Promise<number>((resolve) =>
      busy.listen(0, "127.0.0.1", () => resolve((busy.address() as { port: number }).port)),
    );
    try {
      await Promise.all([
        expectStartupFailure({ DATA_DIR: dataFile }, "DATA_DIR"),
        expectStartupFailure({ DATA_DIR: blocked }, "DATA_DIR", /unable to open database file/),
        expectStartupFailure({ BUILD_DIR: tempDataDir() }, "BUILD_DIR", /npm run build/),
        expectStartupFailure({ HOST: "no-such-host.invalid" }, "HOST"),
        expectStartupFailure({ PORT: String(busyPort) }, "PORT", /in use/),
      ]);
    } finally {
      busy.close();
    }
  }, 30_000);

  it("starts while the SMTP server is unreachable, and says so naming SMTP_URL", async () => {
    const closed = await freePort();
    const warned = (output: string) => output.includes("Server listening") && output.includes("SMTP_URL (");
    const { code, stdout, stderr } = await runServer({ SMTP_URL: `smtp://user:secret@127.0.0.1:${closed}`, LOG_LEVEL: "info" }, 10_000, warned);
    // Killed by the test once it had warned: it was still serving.
    expect(code, stderr).toBeNull();
    const warning = stdout.split("\n").find((line) => line.includes("SMTP_URL"));
    expect(warning, stdout).toBeDefined();
    expect(warning).toContain(`127.0.0.1:${closed}`);
    expect(warning).toContain("ECONNREFUSED");
    // The password never reaches the log.
    expect(stdout).not.toContain("secret");
  }, 30_000);
});
