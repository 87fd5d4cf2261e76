import { accessSync, constants, existsSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { z } from "zod";

const flag = z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).transform((value) => value === "true" || value === "1");

/**
 * A whole number written in plain decimal digits. `Number()` would also take " ", "0x10E1" or
 * "1e3", which only a typo produces in a configuration file.
 */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER, error = `must be a whole number from ${min} to ${max}`) =>
  z
    .string()
    .regex(/^\d{1,15}$/, error)
    .transform(Number)
    .pipe(z.number().min(min, error).max(max, error));

/** A path or name that is not only blanks (a blank DATA_DIR would put the database next to "/"). */
const nonBlank = z.string().refine((value) => value.trim() !== "", "must not be blank");

/** An e-mail address as nodemailer takes it: `address@example.org` or `Name <address@example.org>`. */
const mailbox = z.string().refine((value) => {
  if (/[\r\n]/.test(value)) return false;
  const match = /^(?:[^<>]*<([^<>]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address.trim()).success;
}, 'must be an e-mail address, e.g. "web@example.org" or "Website <web@example.org>"');

/** Proxy-addr's names for address ranges (private by definition), and whatever trusts every address (refused). */
const rangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);
const everyone = new Set(["0.0.0.0/0", "::/0", "*"]);

/**
 * The shortest prefixes a trusted range may have. Anything wider reaches far beyond one
 * operator's network, and a few such ranges together trust every client (`0.0.0.0/1,128.0.0.0/1`
 * does); with /8 at least, 256 ranges would be needed to cover every IPv4 address. IPv4-mapped
 * IPv6 ranges (`::ffff:0:0/96`) are IPv4 ranges and are held to the IPv4 rule.
 */
const shortestTrustedPrefix = { ipv4: 8, ipv6: 16 } as const;

const mappedIpv4 = new BlockList();
mappedIpv4.addSubnet("::ffff:0:0", 96, "ipv6");

/** Why one TRUST_PROXY entry cannot be trusted, or null when it can. */
function trustProblem(entry: string): string | null {
  if (rangeNames.has(entry)) return null;
  const [address = "", bits, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return `${JSON.stringify(entry)} is not an IP address or a CIDR range`;
  if (bits === undefined) return null;
  // Plain decimal without leading zeros: "/00" or "/08" is a typo that other parsers read differently.
  if (!/^(0|[1-9][0-9]{0,2})$/.test(bits) || Number(bits) > (version === 4 ? 32 : 128)) return `${JSON.stringify(entry)} has no valid prefix length`;
  const mapped = version === 6 && mappedIpv4.check(address, "ipv6");
  const prefix = mapped ? Number(bits) - 96 : Number(bits);
  const shortest = version === 4 || mapped ? shortestTrustedPrefix.ipv4 : shortestTrustedPrefix.ipv6;
  if (prefix < shortest) return `${JSON.stringify(entry)} is wider than /${mapped ? shortest + 96 : shortest} and trusts far more than a proxy`;
  return null;
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For) and protocol: `false`, the
 * proxies' addresses or CIDRs (comma-separated), or a hop count. Never "everyone", nor ranges so
 * wide that they come close: that would let any client pick its own address, and with it dodge
 * the rate limit and the sign-in throttle.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === "false" || trimmed === "0") return false;
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trimmed === "true" || entries.some((entry) => everyone.has(entry))) {
    context.addIssue({ code: "custom", message: "would trust every client's X-Forwarded-For; give the proxy's address (e.g. 127.0.0.1) or a hop count" });
    return z.NEVER;
  }
  const problems = entries.map(trustProblem).filter((problem) => problem !== null);
  if (entries.length === 0 || problems.length > 0) {
    const rule = `IPv4 ranges /${shortestTrustedPrefix.ipv4} or narrower, IPv6 /${shortestTrustedPrefix.ipv6} or narrower`;
    context.addIssue({
      code: "custom",
      message: `${problems.length > 0 ? `${problems.join(", ")}: ` : ""}must be false, a hop count, or the proxy's IP addresses or CIDRs (${rule}), comma-separated`,
    });
    return z.NEVER;
  }
  return entries;
});

import { projectDir } from "./project";

export { projectDir };

/**
 * A folder inside the project (relative paths from the working directory). A publish's build
 * folder must be there: React Router's prerender imports the server bundle it has just written,
 * and that bundle's packages resolve from the project's node_modules/ only by walking up.
 */
const insideProject = nonBlank.refine((value) => {
  const path = relative(projectDir, resolve(value));
  return path !== "" && !isAbsolute(path) && path.split(sep)[0] !== "..";
}, `must be a folder inside the project (${projectDir}), e.g. "build-published": the build there imports the project's packages`);

const loopbackHosts = new Set(["127.0.0.1", "::1", "localhost"]);

/** Environment variables, parsed once at start-up (see .env.example). */
export const configSchema = z
  .object({
    PORT: whole(1, 65535, "must be a port number from 1 to 65535").default(3000),
    HOST: nonBlank.default("127.0.0.1"),
    /** Where the SQLite database lives; created on start. */
    DATA_DIR: nonBlank.default("./data"),
    /** The built site; `npm run build` writes it. */
    BUILD_DIR: nonBlank.default("./build"),
    /** The content folder the editor at /admin/content writes (a git repository); default: the project's content/. */
    CONTENT_DIR: nonBlank.optional(),
    /**
     * Where publishes from the editor build, one folder each, and `current` points to the live one;
     * default: the project's build-published/. Must be inside the project.
     */
    PUBLISH_DIR: insideProject.optional(),
    /**
     * How often, at most, the server looks for a scheduled item's moment to publish (seconds); it
     * also wakes at the next moment itself. A test that moves the clock sets it low.
     */
    CONTENT_SCHEDULE_CHECK_SECONDS: whole(1, 3600).default(30),
    /** `smtp://user:pass@host:port` or `smtps://…`; without it nothing is mailed. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      // Runs after a failed URL check too: a value that is no URL at all has been named already.
      .refine((value) => URL.parse(value)?.hostname !== "", "must name the SMTP server's host")
      .optional(),
    /** The public origin, for links in e-mails (the build reads it too, for canonical URLs). */
    SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).default("http://localhost:3000"),
    /** Behind a reverse proxy: which proxies' X-Forwarded-For and X-Forwarded-Proto are believed. */
    TRUST_PROXY: trustProxy.default(false),
    /** Send Strict-Transport-Security: set when the site is reached over HTTPS. */
    HSTS: flag.default(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Form submissions accepted per client address and form in each window; 0 turns the limit off. */
    RATE_LIMIT_MAX: whole(0).default(10),
    RATE_LIMIT_WINDOW_MS: whole(1).default(60_000),
    // The tours' availability is read, not written: a visitor clicking through a month, or an
    // office behind one address, asks it far more often than anyone sends a form.
    AVAILABILITY_RATE_LIMIT_MAX: whole(0).default(600),
    /** Sender of the estate's notifications and subscribers' confirmations; default: the estate's contact address. */
    MAIL_FROM: mailbox.optional(),
    /** Delay before the first retry of an unsent e-mail; doubles on each failure, up to MAIL_RETRY_MAX_MS. */
    MAIL_RETRY_BASE_MS: whole(1).default(30_000),
    MAIL_RETRY_MAX_MS: whole(1).default(3_600_000),
    /** Attempts before an e-mail is marked failed (it stays in the outbox table). */
    MAIL_MAX_ATTEMPTS: whole(1).default(20),
    /** SMTP connections kept open and used at once when sending. */
    MAIL_CONNECTIONS: whole(1, 20).default(3),
    /** Newsletter e-mails handed to the outbox per minute at most: what the SMTP relay accepts (server/admin/newsletter/dispatch.ts). */
    NEWSLETTER_RATE_PER_MINUTE: whole(1, 100_000).default(120),
    /** The whole request line and headers must arrive within this time (slowloris). */
    HEADERS_TIMEOUT_MS: whole(100, 600_000).default(10_000),
    /** The whole request, body included, must arrive within this time. */
    REQUEST_TIMEOUT_MS: whole(100, 600_000).default(30_000),
    /** An idle keep-alive connection is closed after this time (keep it above the proxy's own). */
    KEEP_ALIVE_TIMEOUT_MS: whole(100, 600_000).default(10_000),
    /** A connection where nothing moves in either direction for this long is closed. */
    CONNECTION_TIMEOUT_MS: whole(100, 3_600_000).default(60_000),
    /** Requests served on one keep-alive connection before it is closed; 0: no limit. */
    MAX_REQUESTS_PER_SOCKET: whole(0).default(0),
    /** Open connections at most; beyond it new ones are closed at once (keep it below the file limit). */
    MAX_CONNECTIONS: whole(1).default(10_000),
    /** /healthz answers 503 when DATA_DIR's file system has less free space than this (megabytes). */
    DISK_MIN_FREE_MB: whole(0, 1_000_000).default(100),
    /** On SIGTERM: time allowed for requests in flight and the outbox to finish before the process exits. */
    SHUTDOWN_TIMEOUT_MS: whole(100, 600_000).default(10_000),
    /**
     * Minutes between two backups of the data folder and the content's history (server/backup/);
     * /healthz turns unhealthy when the last good one is older than twice this.
     */
    BACKUP_INTERVAL_MINUTES: whole(1, 1440).default(15),
    /** Retention: the newest backups kept whatever their age, then the newest of each day, then of each month. */
    BACKUP_KEEP_LAST: whole(1, 10_000).default(48),
    BACKUP_KEEP_DAILY: whole(0, 10_000).default(30),
    BACKUP_KEEP_MONTHLY: whole(0, 10_000).default(12),
    /**
     * restic's own variables (restic reads them from the environment, as the backup passes it on):
     * where the encrypted backups go (a local path, `sftp:…`, `s3:…`, `rest:…`…) and the password
     * that encrypts them. Without a repository nothing is backed up, and /healthz says so.
     */
    RESTIC_REPOSITORY: nonBlank.optional(),
    RESTIC_REPOSITORY_FILE: nonBlank.optional(),
    RESTIC_PASSWORD: z.string().optional(),
    RESTIC_PASSWORD_FILE: nonBlank.optional(),
    RESTIC_PASSWORD_COMMAND: nonBlank.optional(),
    /**
     * The payment provider's (Stripe's) secret API key and the signing secret of the site's webhook
     * endpoint: both, or neither (then no deposit is asked and nothing is loaded). docs/deployment.md.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a secret key from the provider's dashboard (sk_live_… or sk_test_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
    /** Another address for the provider's API: a local stand-in in tests only. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  })
  .superRefine(
    (config, context) => {
      // Each rule compares only variables that parsed (a failed one is named already).
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      const ok = (...names: (keyof typeof config)[]) => names.every((name) => !failed.has(name));
      if (ok("MAIL_RETRY_MAX_MS", "MAIL_RETRY_BASE_MS") && config.MAIL_RETRY_MAX_MS < config.MAIL_RETRY_BASE_MS) {
        context.addIssue({ code: "custom", path: ["MAIL_RETRY_MAX_MS"], message: `must not be below MAIL_RETRY_BASE_MS (${config.MAIL_RETRY_BASE_MS})` });
      }
      if (ok("HEADERS_TIMEOUT_MS", "REQUEST_TIMEOUT_MS") && config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) {
        context.addIssue({
          code: "custom",
          path: ["HEADERS_TIMEOUT_MS"],
          message: `must not exceed REQUEST_TIMEOUT_MS (${config.REQUEST_TIMEOUT_MS}): the headers are part of the request`,
        });
      }
      const repository = config.RESTIC_REPOSITORY ?? config.RESTIC_REPOSITORY_FILE;
      if (
        repository !== undefined &&
        config.RESTIC_PASSWORD === undefined &&
        config.RESTIC_PASSWORD_FILE === undefined &&
        config.RESTIC_PASSWORD_COMMAND === undefined
      ) {
        context.addIssue({
          code: "custom",
          path: ["RESTIC_PASSWORD"],
          message: "or RESTIC_PASSWORD_FILE must be set with a restic repository: the backups are encrypted with it, and restic would stop to ask for it",
        });
      }
      for (const name of ["RESTIC_REPOSITORY_FILE", "RESTIC_PASSWORD_FILE"] as const) {
        const file = config[name];
        if (ok(name) && file !== undefined && !readable(file))
          context.addIssue({ code: "custom", path: [name], message: "must name a file this process can read" });
      }
      if (ok("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET") && (config.STRIPE_SECRET_KEY === undefined) !== (config.STRIPE_WEBHOOK_SECRET === undefined)) {
        const missing = config.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
        context.addIssue({ code: "custom", path: [missing], message: "must be set too: deposits need both the secret key and the webhook's signing secret" });
      }
      if (ok("TRUST_PROXY", "HOST") && typeof config.TRUST_PROXY === "number" && config.TRUST_PROXY > 0 && !loopbackHosts.has(config.HOST)) {
        context.addIssue({
          code: "custom",
          path: ["TRUST_PROXY"],
          message: `is a hop count, which trusts whoever connects; with HOST=${JSON.stringify(config.HOST)} that is anyone: give the proxy's address instead`,
        });
      }
    },
    // Also when other variables failed: one start names everything there is to fix.
    { when: () => true },
  );

export type Config = z.infer<typeof configSchema>;

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether deposits can be taken online: the payment provider's keys are set. */
export const paymentsConfigured = (config: Config) => config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined;

/** Whether backups go anywhere: restic's repository is named (the password is checked with it). */
export const backupConfigured = (config: Config) => config.RESTIC_REPOSITORY !== undefined || config.RESTIC_REPOSITORY_FILE !== undefined;

/** Raised for a bad environment; its message has one line per bad variable, each naming it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * A value as an error line shows it: the password of a URL (SMTP_URL's, a restic REST server's)
 * replaced by `***`, and a password's value (or the command that prints it) not at all.
 */
const shown = (name: string, value: string) =>
  /PASSWORD(_COMMAND)?$|^STRIPE_(SECRET_KEY|WEBHOOK_SECRET)$/.test(name)
    ? value === ""
      ? '""'
      : '"***"'
    : JSON.stringify(value.replace(/^((?:[a-z][a-z0-9+.-]*:)?[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:)[^/@\s]*@/i, "$1***@"));

/**
 * Parses the environment; empty strings count as unset. Every bad variable is named, each on its
 * own line (`Invalid configuration: PORT="0" must be a port number from 1 to 65535`), so that one
 * start shows everything there is to fix.
 */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "environment");
    problems.set(name, [...(problems.get(name) ?? []), issue.message]);
  }
  const lines = [...problems].map(([name, messages]) => `Invalid configuration: ${name}=${shown(name, env[name] ?? "")} ${[...new Set(messages)].join("; ")}`);
  throw new ConfigError(lines.join("\n"));
}

/**
 * Variables the project reads besides the server's own settings: the build's, restic's (passed on
 * to it), the tests' and the benchmarks'. None of them is warned about.
 */
const otherVariables = new Set([
  "NODE_ENV",
  "SNIPCART_PUBLIC_KEY",
  "PREVIOUS_BUILD_DIR",
  "RESTIC_CACHE_DIR",
  "RESTIC_COMPRESSION",
  "RESTIC_HOST",
  "RESTIC_KEY_HINT",
  "RESTIC_PACK_SIZE",
  "RESTIC_PROGRESS_FPS",
  "RESTIC_READ_CONCURRENCY",
  "FUZZ_RUNS",
  "CHROMIUM_PATH",
  "NGINX_PATH",
]);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours each count one (`RATE_LIMT_MAX` is 1 from `RATE_LIMIT_MAX`, `HOSTS` 1 from `HOST`).
 */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The distinct letters of a name, in order: `HTST` and `HSTS` both use H, S and T. */
const lettersOf = (name: string) => [...new Set(name)].sort().join("");

/** "A", "A or B", "A, B or C". */
const either = (names: string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)!}`);

/**
 * One warning line for each variable of the environment that looks like one of the site's
 * settings but is none (`RATE_LIMT_MAX`, `MAIL_RETRY_MAX`): the server would otherwise start with
 * the default and say nothing. A variable looks like a setting when it is one or two edits from
 * one (one for names of up to eight letters: `HOME` is two from `HOST`), or two edits from one
 * made of the same letters (`HTST`, the letters of `HSTS` in another order), or starts like a
 * group of them (`MAIL_`, `BACKUP_`…). The line names every setting it may have meant: those
 * made of its letters first (a mixed-up order is the likelier slip: `HTST` is one edit from
 * `HOST`, but meant `HSTS`), then every one at the fewest edits, not one picked among equals.
 */
export function unknownVariableWarnings(env: NodeJS.ProcessEnv): string[] {
  const settings = Object.keys(configSchema.shape);
  const known = new Set([...settings, ...otherVariables]);
  // restic's family is restic's: only a near miss of a name the site passes on is worth a word.
  const families = new Set(settings.filter((name) => name.includes("_") && !name.startsWith("RESTIC_")).map((name) => name.slice(0, name.indexOf("_") + 1)));
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (known.has(name) || !/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
    // Between equals, the longest shared beginning first (BACKUP_KEEP_DAYS: DAILY, not LAST).
    const shared = (setting: string) => {
      const differs = [...setting].findIndex((letter, i) => name[i] !== letter);
      return differs === -1 ? setting.length : differs;
    };
    const scored = settings
      .map((setting) => ({ setting, edits: distance(name, setting), prefix: shared(setting), sameLetters: lettersOf(setting) === lettersOf(name) }))
      .sort((a, b) => a.edits - b.edits || b.prefix - a.prefix);
    const fewest = scored[0]?.edits ?? Infinity;
    const nearLimit = name.length <= 8 ? 1 : 2;
    const reordered = scored.filter((candidate) => candidate.sameLetters && candidate.edits <= 2);
    const closest = scored.filter((candidate) => candidate.edits === fewest && !reordered.includes(candidate));
    const near = reordered.length > 0 || fewest <= nearLimit;
    const family = [...families].some((prefix) => name.startsWith(prefix));
    if (!near && !family) continue;
    // A name of the family four edits or more from any setting is named without a guess.
    const meant = [...reordered, ...(fewest <= Math.max(nearLimit, family ? 4 : 0) ? closest : [])].map((candidate) => candidate.setting);
    warnings.push(
      `Unknown variable ${name} is ignored: it is no setting of this site${meant.length > 0 ? `; did you mean ${either(meant)}?` : " (see .env.example)"}`,
    );
  }
  return warnings;
}

/**
 * The configuration of a command-line entry point (`npm start`, `npm run submissions`): a local
 * .env fills in what the environment does not set; a bad value prints one line and exits 1.
 */
export function loadConfigOrExit(): Config {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
