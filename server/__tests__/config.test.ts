import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configSchema, ConfigError, parseConfig } from "../config";

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
