/**
 * `npm run bench:admin`: the staff inbox with 100,000 submissions. Seeds a temporary database
 * (the four forms' tables, filled the way the API fills them, so the inbox's triggers index every
 * row), signs in, and times the inbox's pages through the real server (`app.inject`, so the time
 * includes the query, the rendering and the answer, not the network): the first page, filters,
 * deep pages, searches in Latin and Japanese script, and one submission's page. Writes the
 * medians and 95th percentiles to docs/benchmarks.md.
 */
import "./scratch";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer } from "../server/app";
import { parseConfig } from "../server/config";
import type { FastifyInstance } from "fastify";
import { generate } from "otplib";
import { hashPassword } from "../server/admin/shared/passwords";
import { newTotpSecret } from "../server/admin/shared/second-factor";
import { databaseFileName, openDatabase } from "../server/db/database";
import { StaffStore } from "../server/db/staff";
import { languages } from "#core/languages";
import { writeBenchmarkSection } from "./benchmarks-doc";

const total = Number(process.env.BENCH_ROWS ?? 100_000);
const runs = 25;
const docPath = "docs/benchmarks.md";
const start = "<!-- bench:admin:start -->";
const end = "<!-- bench:admin:end -->";

/** A small deterministic generator, so every run seeds the same rows. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const firstNames = [
  "Camille",
  "Louis",
  "Emma",
  "Hugo",
  "Chloé",
  "Lucas",
  "Alex",
  "Sam",
  "María",
  "Javier",
  "Lucía",
  "王",
  "李",
  "张",
  "花子",
  "太郎",
  "Yuki",
  "Wei",
  "Anna",
  "Pierre",
];
const lastNames = ["Martin", "Bernard", "Dubois", "Smith", "García", "López", "伟", "娜", "山田", "佐藤", "Tanaka", "Chen", "Müller", "Rossi", "Moreau"];
const sentences = [
  "We would love to visit the estate with friends next spring.",
  "Could we host a dinner for twenty guests in September?",
  "Nous aimerions une visite en fin de matinée, si possible.",
  "¿Es posible hacer la visita en español?",
  "我们想参观酒庄并品尝几个年份的葡萄酒。",
  "ワインセラーを見学して、テイスティングをしたいです。",
  "Is the Grand Cru vineyard open to visitors in winter?",
  "We import Bordeaux wines to Shanghai and Beijing.",
  "Please send us your price list for the 2020 vintage.",
  "Our company distributes fine wines across Scandinavia.",
];

function seed(dataDir: string): { seconds: number; id: string; rare: string } {
  const db = openDatabase(dataDir);
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const began = performance.now();
  const startTime = Date.parse("2024-01-01T00:00:00Z");
  const step = (Date.parse("2026-11-01T00:00:00Z") - startTime) / total;
  const insert = {
    tour: db.prepare(
      "INSERT INTO tour_bookings (id, received_at, language, page, name, email, phone, guests, date, package, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    contact: db.prepare(
      "INSERT INTO contact_messages (id, received_at, language, page, name, email, phone, subject, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    importer: db.prepare(
      "INSERT INTO importer_applications (id, received_at, language, page, company_name, contact_name, email, phone, country, website, experience, market_size, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    newsletter: db.prepare(
      "INSERT INTO newsletter_subscribers (id, received_at, language, page, email, consented_at, confirm_token, unsubscribe_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
  };
  let sample = "";
  const rare = "Zéphyrine Quatremère";
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const id = randomUUID();
      const at = new Date(startTime + i * step).toISOString();
      const lang = pick(languages);
      const name = i === Math.floor(total / 3) ? rare : `${pick(firstNames)} ${pick(lastNames)}`;
      const email = `visitor${i}@example.org`;
      const message = `${pick(sentences)} ${pick(sentences)}`;
      const kind = next();
      if (kind < 0.3) {
        insert.tour.run(
          id,
          at,
          lang,
          `/${lang}/wine-tours`,
          name,
          email,
          "+33 6 12 34 56 78",
          1 + Math.floor(next() * 8),
          "2027-06-12",
          pick(["hermitage", "mongiron", "both"]),
          message,
        );
        sample = id;
      } else if (kind < 0.7) {
        insert.contact.run(id, at, lang, `/${lang}/contact`, name, email, null, "Visit", message);
      } else if (kind < 0.85) {
        insert.importer.run(
          id,
          at,
          lang,
          `/${lang}/become-importer`,
          `${pick(lastNames)} Wines Ltd`,
          name,
          email,
          "+86 21 5555 0000",
          "China",
          null,
          "12",
          "40 shops",
          message,
        );
      } else {
        insert.newsletter.run(id, at, lang, `/${lang}`, email, at, randomUUID(), randomUUID());
      }
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { seconds: (performance.now() - began) / 1000, id: sample, rare };
}

/** A built site with just what the server needs to start (the inbox needs none of its pages). */
function minimalBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "lescours-bench-build-"));
  mkdirSync(join(root, "client"), { recursive: true });
  mkdirSync(join(root, "errors", "en"), { recursive: true });
  writeFileSync(join(root, "client", "index.html"), "<!DOCTYPE html><title>Home</title>");
  writeFileSync(join(root, "errors", "en", "notFound.html"), "<!DOCTYPE html><title>Not found</title>");
  writeFileSync(join(root, "build-info.json"), JSON.stringify({ snipcart: false, inlineScriptHashes: {} }));
  return root;
}

/**
 * Adds an inbox staff account with its second factor (as after its enrolment) and signs in through
 * the sign-in form and the code step; returns the browser's cookies.
 */
async function addStaffForBench(app: FastifyInstance): Promise<string> {
  const email = "bench@hermitage-lescours.example";
  const password = "a benchmark passphrase";
  const store = new StaffStore(app.db);
  store.add(email, await hashPassword(password), "inbox", new Date());
  const secret = newTotpSecret();
  store.setPendingSecret(store.find(email)!.id, secret);
  store.confirmSecondFactor(store.find(email)!.id, secret, 0, []);
  const form = await app.inject({ method: "GET", url: "/admin/login" });
  const signIn = form.cookies.find((cookie) => cookie.name.endsWith("lescours_staff_signin"))!;
  const token = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
  const post = (url: string, fields: Record<string, string>, cookies: { name: string; value: string }[]) =>
    app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://www.hermitage-lescours.example",
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
      },
      payload: new URLSearchParams({ _csrf: token, ...fields }).toString(),
    });
  const checked = await post("/admin/login", { email, password }, [signIn]);
  const challenge = checked.cookies as { name: string; value: string }[];
  const answer = await post("/admin/login/second-factor", { code: await generate({ secret }) }, [signIn, ...challenge]);
  const session = answer.cookies.find((cookie) => cookie.name.endsWith("lescours_staff"));
  if (answer.statusCode !== 303 || !session) throw new Error(`sign-in failed: ${answer.statusCode}`);
  return `${session.name}=${session.value}`;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "lescours-bench-admin-"));
  const buildDir = minimalBuild();
  const load = loadavg()[0]!.toFixed(2);
  try {
    console.log(`seeding ${total.toLocaleString("en")} submissions…`);
    const seeded = seed(dataDir);
    const size = statSync(join(dataDir, databaseFileName)).size;
    const app = await buildServer(
      parseConfig({ BUILD_DIR: buildDir, DATA_DIR: dataDir, LOG_LEVEL: "silent", SITE_URL: "https://www.hermitage-lescours.example" }),
    );
    await app.ready();
    const cookie = await addStaffForBench(app);
    const pages: [string, string][] = [
      ["the inbox, first page (everything, newest first)", "/admin"],
      ["filtered: contact messages, new", "/admin?type=contact-messages&status=new"],
      ["page 1,000 (rows 49,951–50,000)", "/admin?page=1000"],
      ["the last page", `/admin?page=${Math.ceil(total / 50)}`],
      ["search, a word in many rows (`vineyard`)", "/admin?q=vineyard"],
      ["search, a rare name (`Quatremère`)", `/admin?q=${encodeURIComponent("Quatremère")}`],
      ["search, Japanese (`ワインセラー`)", `/admin?q=${encodeURIComponent("ワインセラー")}`],
      ["search, two characters (`花子`, no trigram)", `/admin?q=${encodeURIComponent("花子")}`],
      ["search and filter, page 20", `/admin?type=tour-bookings&q=visit&page=20`],
      ["one booking's page", `/admin/submissions/tour-bookings/${seeded.id}`],
    ];
    const rows: string[] = [];
    for (const [what, url] of pages) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < runs + 2; i++) {
        const began = performance.now();
        const answer = await app.inject({ method: "GET", url, headers: { cookie } });
        if (i >= 2) times.push(performance.now() - began);
        status = answer.statusCode;
      }
      const line = `| ${what} | \`${url.length > 60 ? `${url.slice(0, 57)}…` : url}\` | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms | ${status} |`;
      console.log(line);
      rows.push(line);
    }
    await app.close();
    const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown"}), Node ${process.version}`;
    const section = [
      start,
      "## The staff inbox with 100,000 submissions (`npm run bench:admin`)",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; 1-minute load average ${load} before the run (other jobs share`,
      `this machine). ${total.toLocaleString("en")} submissions of the four forms (30 % bookings, 40 % messages, 15 % applications,`,
      `15 % sign-ups, text in five languages) seeded in ${seeded.seconds.toFixed(1)} s through the tables' own triggers; database`,
      `${(size / 1_048_576).toFixed(0)} MB with its search index. Each page requested ${runs} times through the real server (\`app.inject\`:`,
      "query, rendering and answer, no network) by a signed-in staff member, after two warm-up requests.",
      "",
      "| page | URL | median | p95 | status |",
      "|---|---|---|---|---|",
      ...rows,
      "",
      "Paging uses `LIMIT`/`OFFSET` on the `(received_at, id)` index; a search finds its rows in the trigram index",
      "(FTS5), or, for words under three characters, with `LIKE` over the indexed text.",
      end,
    ].join("\n");
    writeBenchmarkSection(docPath, section, { start, end });
    console.log(`\nwritten to ${docPath}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
