import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterEach } from "vitest";
import { content } from "#content";
import { postalAddress } from "#content/address";
import { estateNames } from "#content/names";
import { perLanguage, type Language } from "#core/languages";
import { textIn } from "#content/text";
import { buildServer, type ServerOptions } from "../../app";
import type { MailContext, StaffLanguage } from "../../mail/compose";
import { parseConfig } from "../../config";
import { testDatabaseUrl } from "./test-database";

/** A built site with just what the server needs to start. */
export function fixtureBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "lescours-build-"));
  const put = (path: string, body: string) => {
    const file = join(root, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, body);
  };
  put("client/index.html", "<!DOCTYPE html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>");
  put("errors/en/notFound.html", "<!DOCTYPE html><html><body><h1>Oops! Page not found</h1></body></html>");
  put("build-info.json", JSON.stringify({ snipcart: false, inlineScriptHashes: {} }));
  return root;
}

/** A tour's name in a language, from the site's own content (as the server's content store gives it). */
export function tourNameOf(pkg: string, lang: Language): string {
  const tour = content.tours.packages.find((candidate) => candidate.id === pkg);
  return tour ? textIn(tour.selectedLabel, lang) : pkg;
}

/** What composing an e-mail needs, from the site's own facts, with the estate's mails in `staffLanguage`. */
export function testMailContext(staffLanguage: StaffLanguage = "en", siteUrl = "https://www.hermitage-lescours.example"): MailContext {
  const { site } = content;
  return {
    estateNames: estateNames(site),
    estateEmail: site.contact.email,
    estatePhone: site.contact.phone,
    address: perLanguage((lang) => postalAddress(site.address, lang)),
    tradeEmail: site.contact.tradeEmail,
    siteUrl,
    staffLanguage: () => staffLanguage,
    tourName: tourNameOf,
  };
}

/**
 * The estate's own e-mails in `lang` from now on: a member of the staff who reads the inbox chose
 * it (server/db/staff.ts `mailLanguage`; French until someone chooses).
 */
export function staffReadIn(app: FastifyInstance, lang: StaffLanguage, email = "office@hermitage-lescours.example"): void {
  const now = new Date().toISOString();
  app.db
    .prepare(
      "INSERT INTO staff (email, password_hash, role, created_at, password_changed_at, language) VALUES (?, '-', 'inbox', ?, ?, ?) ON CONFLICT (email) DO UPDATE SET language = excluded.language",
    )
    .run(email, now, now, lang);
}

/** Whether a process of this machine runs (signal 0 reaches it). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The id of a process of this machine that has ended: what the leases of a server killed with -9
 * name (server/db/leases.ts), for a test that plays one in its own process, which cannot end.
 */
export function endedProcessId(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  if (child.status !== 0 || !child.pid) throw new Error("a process to end could not be started");
  return child.pid;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), "lescours-data-"));
}

/** Builds the real server on a fixture build and a data folder (and its own PostgreSQL database in the PostgreSQL run), with the given environment. */
export async function buildTestServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<FastifyInstance> {
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const database = testDatabaseUrl(dataDir);
  const app = await buildServer(
    parseConfig({
      BUILD_DIR: fixtureBuild(),
      LOG_LEVEL: "silent",
      ...(database ? { DATABASE_URL: database } : {}),
      ...env,
      DATA_DIR: dataDir,
    }),
    options,
  );
  await app.ready();
  dataDirs.set(app, dataDir);
  return app;
}

const dataDirs = new WeakMap<FastifyInstance, string>();

/** The DATA_DIR of a server `buildTestServer` built. */
export const dataDirOf = (app: FastifyInstance): string => dataDirs.get(app)!;

/**
 * The servers and SMTP sinks a test starts, closed and stopped after each test: `apps.add(app)`,
 * `smtps.add(smtp)`; a server the test closed itself is taken out with `apps.delete(app)`.
 */
export function closedAfterEachTest(): { apps: Set<FastifyInstance>; smtps: Set<TestSmtp> } {
  const apps = new Set<FastifyInstance>();
  const smtps = new Set<TestSmtp>();
  afterEach(async () => {
    await Promise.all([...apps].map((app) => app.close()));
    await Promise.all([...smtps].map((smtp) => smtp.stop()));
    apps.clear();
    smtps.clear();
  });
  return { apps, smtps };
}

/** The calendar day `days` from now (UTC), as a date input gives it: `2027-06-12`. */
export function isoDay(days: number, from = Date.now()): string {
  return new Date(from + days * 86_400_000).toISOString().slice(0, 10);
}

/** A valid submission of each form. */
export const validPayloads = {
  tourBooking: {
    language: "fr",
    page: "/fr/wine-tours",
    name: "Camille Martin",
    email: "camille@example.org",
    phone: "+33 6 12 34 56 78",
    guests: 4,
    // A preferred date must lie ahead (at most two years): two months from the day the tests run.
    date: isoDay(60),
    message: "Nous aimerions une visite en fin de matinée.",
    package: "both",
  },
  contactMessage: {
    language: "en",
    page: "/contact",
    name: "Alex Smith",
    email: "alex@example.com",
    subject: "Private event",
    message: "Could we host a dinner for 20 guests in September?",
  },
  importerApplication: {
    language: "zh",
    page: "/zh/become-importer",
    companyName: "上海酒业有限公司",
    contactName: "王伟",
    email: "wang@example.cn",
    phone: "+86 21 5555 0000",
    country: "China",
    website: "https://wine.example.cn",
    experience: "12",
    marketSize: "40 shops",
    message: "We import Bordeaux wines to Shanghai.",
  },
  newsletterSignup: {
    language: "ja",
    page: "/ja",
    email: "hanako@example.jp",
  },
} as const;

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives; it can go down and come back on the same port. */
export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  /** SMTP connections opened to this server so far. */
  connections = 0;
  /** Messages whose whole data arrived, answered or not yet (a slow relay has them before it says yes). */
  dataReceived = 0;
  /** The slow relay's answers still to come: dropped at `stop()`. */
  private readonly answers = new Set<NodeJS.Timeout>();
  private server: SMTPServer | null = null;
  port = 0;

  /**
   * `answerAfterMs`: how long the server takes to accept each message (a slow relay);
   * `closeAfterMs`: how long `stop()` waits for open connections (smtp-server's 30 s by default).
   */
  constructor(private readonly options: { answerAfterMs?: number; closeAfterMs?: number } = {}) {}

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      ...(this.options.closeAfterMs !== undefined ? { closeTimeout: this.options.closeAfterMs } : {}),
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          this.dataReceived += 1;
          const accept = () => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString("utf8"),
            });
            callback();
          };
          // A slow relay has the whole message before it says yes: what it received counts as delivered.
          if (this.options.answerAfterMs) {
            const answer = setTimeout(() => {
              this.answers.delete(answer);
              accept();
            }, this.options.answerAfterMs);
            this.answers.add(answer);
          } else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    const address = server.server.address();
    if (typeof address === "object" && address) this.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const answer of this.answers) clearTimeout(answer);
    this.answers.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** Waits until `check` holds, with the test's own limit as the only deadline (tests/support/wait-for.ts). */
export { waitFor } from "../../../tests/support/wait-for";

export interface ParsedMail {
  /** Header names (lower case) in order, with their unfolded, decoded values. */
  headers: [string, string][];
  header(name: string): string | undefined;
  /** The plain-text part. */
  text: string;
  /** The HTML part, when there is one. */
  html?: string;
  /** Every part that is not itself a multipart, in order: its type and its decoded body. */
  parts: { type: string; body: string }[];
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, mode: string, data: string) =>
    mode.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** Enough of RFC 5322/2045/2046 to read what nodemailer writes: a plain-text message, or its multipart text, HTML and files. */
export function parseMail(raw: string): ParsedMail {
  const entity = parseEntity(raw);
  const leaves = leavesOf(entity);
  const text = leaves.find((leaf) => leaf.type === "text/plain")?.body ?? (leaves.length === 1 ? leaves[0]!.body : "");
  const html = leaves.find((leaf) => leaf.type === "text/html")?.body;
  return { headers: entity.headers, header: entity.header, text, html, parts: leaves.map((leaf) => ({ type: leaf.type, body: leaf.body })) };
}

interface Entity {
  headers: [string, string][];
  header: (name: string) => string | undefined;
  type: string;
  body: string;
  children: Entity[];
}

/** One MIME entity: its head, its decoded body, and for a multipart one, its parts. */
function parseEntity(raw: string): Entity {
  const split = raw.indexOf("\r\n\r\n");
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split + 4);
  const headers: [string, string][] = head
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")
    .filter((line) => line.includes(":"))
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim())];
    });
  const header = (name: string) => headers.find(([key]) => key === name)?.[1];
  const contentType = header("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    const children = pieces.filter((piece) => !piece.startsWith("--")).map((piece) => parseEntity(piece.replace(/^\r\n/, "")));
    return { headers, header, type, body: "", children };
  }
  const encoding = (header("content-transfer-encoding") ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString(type.startsWith("text/") ? "utf8" : "latin1");
  if (encoding === "quoted-printable") {
    text = Buffer.from(
      body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return { headers, header, type, body: text.replace(/\r\n/g, "\n").replace(/\n$/, type.startsWith("text/") ? "\n" : ""), children: [] };
}

const leavesOf = (entity: Entity): Entity[] => (entity.children.length > 0 ? entity.children.flatMap(leavesOf) : [entity]);
