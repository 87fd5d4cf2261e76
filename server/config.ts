import { existsSync } from "node:fs";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

/** Environment variables, parsed once at start-up (see .env.example). */
export const configSchema = z.object({
  PORT: z.coerce.number({ error: "must be a port number" }).int("must be a whole number").min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Where the SQLite database lives; created on start. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** The built site; `npm run build` writes it. */
  BUILD_DIR: z.string().min(1).default("./build"),
  /** `smtp://user:pass@host:port` or `smtps://…`; without it nothing is mailed. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** The public origin, for links in e-mails (the build reads it too, for canonical URLs). */
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).default("http://localhost:3000"),
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (client address, protocol). */
  TRUST_PROXY: flag.default(false),
  /** Send Strict-Transport-Security: set when the site is reached over HTTPS. */
  HSTS: flag.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Form submissions accepted per client address and form in each window; 0 turns the limit off. */
  RATE_LIMIT_MAX: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(0).default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).default(60_000),
  /** Sender of the estate's notifications and subscribers' confirmations; default: the estate's contact address. */
  MAIL_FROM: z.string().min(1).regex(/^[^\r\n]*$/, "must be one line").optional(),
  /** Delay before the first retry of an unsent e-mail; doubles on each failure, up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).default(3_600_000),
  /** Attempts before an e-mail is marked failed (it stays in the outbox table). */
  MAIL_MAX_ATTEMPTS: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).default(20),
});

export type Config = z.infer<typeof configSchema>;

/** Raised for a bad environment; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; empty strings count as unset. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `${name}=${JSON.stringify(env[name] ?? "")} ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
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
