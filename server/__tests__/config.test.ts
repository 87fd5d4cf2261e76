import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configSchema, ConfigError, parseConfig, unknownVariableWarnings } from "../config";

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

  // Each of these started the server before: a port the OS picks, a blank, hex, a
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
    // A publish's build imports the project's packages: outside the project it could never finish.
    ["PUBLISH_DIR", { PUBLISH_DIR: "/tmp/published" }],
    ["PUBLISH_DIR", { PUBLISH_DIR: "../published" }],
    ["PUBLISH_DIR", { PUBLISH_DIR: "." }],
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

  it("takes a publish folder inside the project and a content folder anywhere", () => {
    expect(parseConfig({ PUBLISH_DIR: "build-published-staging", CONTENT_DIR: "/srv/content" })).toMatchObject({
      PUBLISH_DIR: "build-published-staging",
      CONTENT_DIR: "/srv/content",
    });
    expect(parseConfig({ PUBLISH_DIR: `${process.cwd()}/build-e2e/published` }).PUBLISH_DIR).toBe(`${process.cwd()}/build-e2e/published`);
  });

  it("names SMTP_URL when it is not a URL at all, instead of failing on it", () => {
    expect(() => parseConfig({ SMTP_URL: "garbage" })).toThrow(ConfigError);
    expect(() => parseConfig({ SMTP_URL: "garbage" })).toThrow(/^Invalid configuration: SMTP_URL="garbage" must be an smtp:\/\/ or smtps:\/\/ URL$/);
  });

  it("names every bad variable, one line each, not only the first", () => {
    let message = "";
    try {
      parseConfig({
        PORT: "0",
        SMTP_URL: "garbage",
        HSTS: "yes",
        TRUST_PROXY: "0.0.0.0/00",
        LOG_LEVEL: "loud",
        MAIL_FROM: "nobody",
        MAIL_RETRY_BASE_MS: "9000",
        MAIL_RETRY_MAX_MS: "10",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split("\n");
    // A rule between two variables (the retry ceiling below its base) is named too, beside the others.
    expect(lines.map((line) => /^Invalid configuration: ([A-Z_]+)=/.exec(line)?.[1]).sort()).toEqual([
      "HSTS",
      "LOG_LEVEL",
      "MAIL_FROM",
      "MAIL_RETRY_MAX_MS",
      "PORT",
      "SMTP_URL",
      "TRUST_PROXY",
    ]);
  });

  it("keeps the SMTP password out of the message", () => {
    expect(() => parseConfig({ SMTP_URL: "smtps://web:s3cret-pass@mail.example:99999" })).toThrow(
      /^Invalid configuration: SMTP_URL="smtps:\/\/web:\*\*\*@mail\.example:99999" /,
    );
    expect(() => parseConfig({ SMTP_URL: "smtps://web:s3cret-pass@mail.example:99999" })).not.toThrow(/s3cret/);
  });
});

describe("TRUST_PROXY", () => {
  const refusal = (value: string) => {
    try {
      parseConfig({ TRUST_PROXY: value });
    } catch (error) {
      return (error as Error).message;
    }
    return "accepted";
  };

  it.each([
    "0.0.0.0/00",
    "0.0.0.0/0",
    "0.0.0.0/1,128.0.0.0/1",
    "10.0.0.0/7",
    "::/0",
    "::/1,8000::/1",
    "2000::/3",
    "::ffff:0:0/96",
    "::ffff:0.0.0.0/97",
    "10.0.0.0/08",
    "10.0.0.0/255.0.0.0",
  ])("refuses %s, naming TRUST_PROXY", (value) => {
    expect(refusal(value)).toMatch(/^Invalid configuration: TRUST_PROXY=/);
  });

  it("takes what a real deployment names: one proxy, a private network, the named ranges", () => {
    for (const value of ["127.0.0.1", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.7, 10.1.0.0/16", "loopback", "uniquelocal", "fd12:3456:789a::/48", "::1"]) {
      expect(refusal(value), value).toBe("accepted");
    }
  });
});

describe("unknownVariableWarnings", () => {
  it("names each variable that looks like a setting but is none, with the closest setting", () => {
    expect(
      unknownVariableWarnings({
        RATE_LIMT_MAX: "1",
        PORTS: "80",
        SMTP_HOST: "mail.example",
        RESTIC_PASWORD: "x",
        RESTIC_PASSWORD_FILE: "/etc/restic",
        MAIL_SENDER_NAME: "Estate",
      }),
    ).toEqual([
      "Unknown variable MAIL_SENDER_NAME is ignored: it is no setting of this site (see .env.example)",
      "Unknown variable PORTS is ignored: it is no setting of this site; did you mean PORT?",
      "Unknown variable RATE_LIMT_MAX is ignored: it is no setting of this site; did you mean RATE_LIMIT_MAX?",
      "Unknown variable RESTIC_PASWORD is ignored: it is no setting of this site; did you mean RESTIC_PASSWORD?",
      "Unknown variable SMTP_HOST is ignored: it is no setting of this site; did you mean SMTP_URL?",
    ]);
  });

  it("suggests the setting whose letters were typed in another order, before one that is fewer edits away (HTST: HSTS, then HOST)", () => {
    expect(unknownVariableWarnings({ HTST: "true" })).toEqual(["Unknown variable HTST is ignored: it is no setting of this site; did you mean HSTS or HOST?"]);
  });

  it("names every setting as close as the closest, not one picked among equals (HOSTS: one edit from HOST and from HSTS)", () => {
    expect(unknownVariableWarnings({ HOSTS: "true" })).toEqual([
      "Unknown variable HOSTS is ignored: it is no setting of this site; did you mean HOST or HSTS?",
    ]);
  });

  it("says nothing of the system's variables, restic's own, the build's, or the settings themselves", () => {
    const env = {
      HOME: "/root",
      PATH: "/usr/bin",
      HOSTNAME: "vm",
      PWD: "/srv",
      TERM: "xterm",
      LANG: "C.UTF-8",
      MAIL: "/var/mail/root",
      USER: "root",
      SHELL: "/bin/sh",
      TMPDIR: "/tmp",
    };
    const ours = {
      PORT: "3000",
      RATE_LIMIT_MAX: "5",
      RESTIC_CACHE_DIR: "/var/cache/restic",
      SNIPCART_PUBLIC_KEY: "k",
      NODE_ENV: "production",
      npm_config_cache: "/x",
    };
    expect(unknownVariableWarnings({ ...env, ...ours })).toEqual([]);
  });
});

describe("restic's variables", () => {
  it("need a password with a repository, and never show it", () => {
    expect(() => parseConfig({ RESTIC_REPOSITORY: "/srv/backups" })).toThrow(/^Invalid configuration: RESTIC_PASSWORD="" or RESTIC_PASSWORD_FILE must be set/);
    expect(parseConfig({ RESTIC_REPOSITORY: "/srv/backups", RESTIC_PASSWORD: "correct horse" })).toMatchObject({ RESTIC_REPOSITORY: "/srv/backups" });
    expect(() => parseConfig({ RESTIC_REPOSITORY: "/srv/backups", RESTIC_PASSWORD_FILE: "/no/such/file" })).toThrow(
      /^Invalid configuration: RESTIC_PASSWORD_FILE="\/no\/such\/file" must name a file/,
    );
    expect(() => parseConfig({ RESTIC_REPOSITORY: "/srv/backups", RESTIC_PASSWORD: "s3cret", PORT: "0" })).not.toThrow(/s3cret/);
  });
});
