import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";

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
  });

  it("names a bad value in one line", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT="eighty" /);
    expect(() => parseConfig({ SMTP_URL: "http://x" })).toThrow(/SMTP_URL="http:\/\/x" must be an smtp/);
    expect(() => parseConfig({ HSTS: "yes" })).toThrow(/HSTS="yes" must be true or false/);
  });
});

describe("npm start with a bad value", () => {
  it("prints one clear line and exits non-zero", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "99999" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="99999"/);
  });
});
