import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { content } from "#content";
import { openDatabase } from "../server/db/database";
import { writePackageRules } from "../server/db/tour-rules";
import { addDays, localOf } from "../server/bookings/paris-time";
import { parseMail, TestSmtp, waitFor } from "../server/__tests__/support/fixtures";
import { PaymentProviderStandIn } from "../server/__tests__/support/payment-provider";
import { expect, test } from "./support/fixtures";
import { installCopy } from "./support/install";
import { nginxPorts, startNginx, type RunningNginx } from "./support/nginx";
import { freePort } from "./support/server";

/**
 * The deployment rehearsed as docs/deployment.md has the estate do it, on every `npm test`:
 * - **installed** under a fresh prefix (a temporary folder standing for `/`): the project copied
 *   into the unit's WorkingDirectory (./support/install.ts: a clone's files without the tests, the
 *   built `build/` and `build-server/`), with this project's packages linked one by one **without
 *   the development packages** (no tsx, no Vite: what `npm prune --omit=dev` leaves), so the
 *   server, the operator's commands and the backups are shown to need none of them;
 * - **configured** with the `.env` the docs give (sections 2, 6 and 7, read from the page), with
 *   this machine's values where the docs hold the estate's: the ports, the prefix, the SMTP
 *   server (a local one), the restic repository (a local folder) and the payment provider (the
 *   tests' stand-in of Stripe's API);
 * - **the first staff account** added with `npm run staff -- add` in the install;
 * - **started** with deploy/lescours.service's ExecStart, in its WorkingDirectory, in the
 *   environment systemd gives a service (its PATH and HOME, nothing of the test's);
 * - **behind deploy/nginx.conf** (./support/nginx.ts): a visitor books a tour with a deposit through
 *   nginx over HTTPS, pays at the stand-in's checkout, whose signed webhook comes back through
 *   nginx; the visitor's confirmation and the estate's notification reach the SMTP server;
 * - **backed up** with `npm run backup`, listed by restic as the docs list it; `/healthz` answers
 *   200 with the backup `ok`; `systemctl stop`'s SIGTERM ends the server with status 0.
 * What it does not rehearse: systemd's own sandbox (ProtectSystem…: `systemd-analyze verify` in
 * server/__tests__/deploy-files.test.ts checks the file), the user `lescours`, publishing from the
 * content editor (which needs the development packages: docs/deployment.md).
 */

const run = promisify(execFile);
const unitFile = readFileSync("deploy/lescours.service", "utf8");
const deployment = readFileSync("docs/deployment.md", "utf8");

/** The `[Service]` settings of the unit: each key with its values in order (ReadWritePaths comes twice). */
function unitSettings(): Map<string, string[]> {
  const service = unitFile.slice(unitFile.indexOf("[Service]"), unitFile.indexOf("[Install]"));
  const settings = new Map<string, string[]>();
  for (const line of service.split("\n")) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

/**
 * The `.env` the docs give: every code block of docs/deployment.md made only of `NAME=value`
 * lines (comments aside), in order; a later value of a name wins.
 */
function documentedEnv(): Map<string, string> {
  const env = new Map<string, string>();
  for (const block of deployment.matchAll(/^ *```sh\n([\s\S]*?)^ *```/gm)) {
    const lines = block[1]!
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    if (lines.length === 0 || !lines.every((line) => /^[A-Z][A-Z0-9_]*=\S/.test(line))) continue;
    for (const line of lines) {
      const [, name, value] = /^([A-Z][A-Z0-9_]*)=(\S+)/.exec(line)!;
      env.set(name!, value!);
    }
  }
  return env;
}

const unit = unitSettings();
const [execStart] = unit.get("ExecStart")!;
const [workingDirectory] = unit.get("WorkingDirectory")!;
const readWritePaths = unit.get("ReadWritePaths")!.flatMap((value) => value.split(/\s+/));

const started = Date.now();
let prefix: string;
/** A path of the machine, under the rehearsal's prefix. */
const under = (path: string) => join(prefix, path);
let install: string;
let env: Map<string, string>;
let smtp: TestSmtp;
let provider: PaymentProviderStandIn;
let nginx: RunningNginx;
let server: ChildProcess;
let serverLog = "";

/** The environment systemd gives a service of a user whose home is the install (useradd --home, docs section 4). */
const serviceEnvironment = () => ({ PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", HOME: install, LANG: "C.UTF-8" });

/** `npm run <script> -- <args>` in the install, as the operator runs it there (`sudo -u lescours npm run …`). */
function npmRun(script: string, args: string[], input = ""): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: install, env: serviceEnvironment() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

const office = { email: "direction@hermitage-lescours.example", password: "les vendanges commencent en septembre" };
const visitor = { name: "Camille Martin", email: "camille.martin@example.fr", guests: 2 };

// One install, one server, one nginx: the steps run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  prefix = mkdtempSync(join(tmpdir(), "lescours-prefix-"));
  install = installCopy(under(workingDirectory!), { modules: "production" });

  // Section 2, 6 and 7's .env, with this machine's values where the docs hold the estate's.
  env = documentedEnv();
  smtp = new TestSmtp();
  await smtp.start();
  provider = new PaymentProviderStandIn();
  await provider.start();
  const ports = await nginxPorts();
  const port = await freePort();
  const ours: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: under(env.get("DATA_DIR")!),
    SITE_URL: `https://localhost:${ports.httpsPort}`,
    SMTP_URL: smtp.url,
    RESTIC_REPOSITORY: under("/srv/backups/lescours"),
    RESTIC_PASSWORD_FILE: under(env.get("RESTIC_PASSWORD_FILE")!),
    STRIPE_SECRET_KEY: provider.secretKey,
    STRIPE_WEBHOOK_SECRET: provider.webhookSecret,
  };
  // Each value replaced is one the docs give: a setting dropped or renamed there fails here.
  for (const name of Object.keys(ours)) expect([...env.keys()], `docs/deployment.md gives ${name}`).toContain(name);
  for (const [name, value] of Object.entries(ours)) env.set(name, value);
  // The tests' stand-in of Stripe's API (docs section 7: "for the tests' local stand-in of Stripe only").
  env.set("STRIPE_API_URL", provider.url);
  expect(env.get("HOST")).toBe("127.0.0.1");
  expect(env.get("TRUST_PROXY")).toBe("127.0.0.1");
  writeFileSync(join(install, ".env"), [...env].map(([name, value]) => `${name}=${value}\n`).join(""), { mode: 0o600 });
  // The unit lets the server write its data folder.
  expect(readWritePaths.map(under)).toContain(env.get("DATA_DIR"));
  mkdirSync(env.get("DATA_DIR")!, { recursive: true });
  // Section 6: the repository's password, in the file the .env names (`openssl rand -base64 33`).
  writeFileSync(env.get("RESTIC_PASSWORD_FILE")!, `${randomBytes(33).toString("base64")}\n`, { mode: 0o600 });
  chmodSync(env.get("RESTIC_PASSWORD_FILE")!, 0o600);

  // Section 2: the first staff account, with the compiled command of the install.
  const added = await npmRun("staff", ["add", office.email, "--role", "admin"], `${office.password}\n`);
  expect(added.status, added.stderr).toBe(0);
  expect(added.stdout).toContain(`Added ${office.email} as admin`);
  // An admin turns on a deposit of a fifth for the Hermitage tour (the staff area's Tour options page writes this row).
  const db = openDatabase(env.get("DATA_DIR")!);
  writePackageRules(db, [{ package: "hermitage", min_guests: 1, cutoff_hours: null, horizon_months: null, deposit_percent: 20 }]);
  db.close();

  // Section 4: the unit's command, in its folder, with systemd's environment; the .env gives the rest.
  const [command, ...args] = execStart!.split(/\s+/);
  if (!existsSync(command!)) throw new Error(`${command} (the unit's ExecStart) is not on this machine`);
  server = spawn(command!, args, { cwd: install, env: serviceEnvironment(), stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (chunk: Buffer) => (serverLog += chunk.toString("utf8")));
  server.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString("utf8")));
  // Its log says when it listens (LOG_LEVEL's default, info), or it exits first.
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the server exited with ${code} before it listened:\n${serverLog}`));
    server.once("exit", exited);
    server.stdout!.on("data", () => {
      if (!serverLog.includes("Server listening")) return;
      server.off("exit", exited);
      resolve();
    });
  });

  // Section 3: nginx in front, the stand-in's webhooks through it as Stripe's would come.
  nginx = await startNginx({ upstream: port, ports });
  provider.deliver = async (payload, signature) => {
    const answer = await nginx.https("/api/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return { status: answer.status, body: answer.body };
  };
});

test.afterAll(async () => {
  await nginx?.stop();
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  await provider?.stop();
  await smtp?.stop();
  console.log(`deployment rehearsal: ${Math.round((Date.now() - started) / 1000)} s from the copy to the server stopped`);
});

test.describe("the deployment of docs/deployment.md, rehearsed on a copy", () => {
  test("a tour with a deposit booked through nginx, paid at the checkout: the visitor's and the estate's e-mails arrive", async () => {
    const day = addDays(localOf(new Date()).date, 10);
    const availability = await nginx.https(`/api/tours/availability?package=hermitage&from=${day}&to=${day}`);
    expect(availability.status).toBe(200);
    const slot = (JSON.parse(availability.body) as { slots: { start: string; placesLeft: number }[] }).slots.find((one) => one.placesLeft >= visitor.guests);
    expect(slot, `a time with ${visitor.guests} places on ${day}`).toBeDefined();
    const booked = await nginx.https("/api/tour-bookings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language: "fr", page: "/fr/wine-tours", ...visitor, package: "hermitage", slot: slot!.start }),
    });
    expect(booked.status, booked.body).toBe(201);
    const { id, outcome, checkoutUrl } = JSON.parse(booked.body) as { id: string; outcome: string; checkoutUrl: string };
    expect(outcome).toBe("payment");
    // The visitor pays on the provider's page; its webhook comes back through nginx and is taken.
    const paid = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const webhook = provider.deliveries.find((delivery) => delivery.type === "checkout.session.completed");
    expect(webhook?.status, webhook?.answer).toBe(200);
    // Back on the site, over HTTPS: the booking's own page.
    const back = new URL(paid.headers.get("location")!);
    expect(back.origin).toBe(env.get("SITE_URL"));
    expect((await nginx.https(`${back.pathname}${back.search}`)).status).toBe(200);

    const mailTo = (address: string) => smtp.received.find((mail) => mail.to.includes(address));
    await waitFor(() => !!mailTo(visitor.email) && !!mailTo(content.site.contact.email), "the visitor's and the estate's e-mails");
    const toVisitor = parseMail(mailTo(visitor.email)!.raw);
    const toEstate = parseMail(mailTo(content.site.contact.email)!.raw);
    expect(toEstate.text).toContain(visitor.name);
    expect(toEstate.text).toContain(`${env.get("SITE_URL")}/admin/submissions/tour-bookings/${id}`);
    // Both with the estate's logo: the mail of the compiled server, from the installed project.
    for (const mail of [toVisitor, toEstate]) expect(mail.parts.map((part) => part.type)).toContain("image/png");
  });

  test("npm run backup takes a snapshot into the repository, restic lists it, and /healthz answers 200 with the backup ok", async () => {
    const backup = await npmRun("backup", []);
    expect(backup.status, backup.stderr).toBe(0);
    const snapshot = /backup: snapshot ([0-9a-f]{8})/.exec(backup.stdout + backup.stderr)?.[1];
    expect(snapshot, backup.stdout + backup.stderr).toBeDefined();
    // As section 6 lists them: restic with the .env's variables.
    const listed = await run("sh", ["-c", "set -a; . ./.env; restic snapshots --tag lescours-site --json"], { cwd: install, env: serviceEnvironment() });
    const snapshots = JSON.parse(listed.stdout) as { short_id: string }[];
    expect(snapshots.map((one) => one.short_id)).toEqual([snapshot]);
    const health = await nginx.https("/healthz");
    expect(health.status, health.body).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok", backup: { ok: true, state: "ok" } });
  });

  test("systemctl stop's SIGTERM ends the server with status 0: every e-mail sent", async () => {
    server.kill("SIGTERM");
    const [code] = (await once(server, "exit")) as [number | null];
    expect(code, serverLog).toBe(0);
    // The documented .env holds settings of this site only: the server named none as unknown.
    expect(serverLog).not.toContain("Unknown variable");
  });
});
