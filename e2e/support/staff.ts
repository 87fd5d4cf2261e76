import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { adminTranslator } from "#locales/admin";
import { hashPassword } from "../../server/admin/shared/passwords";
import type { Db } from "../../server/db/database";
import { StaffStore, type StaffRole } from "../../server/db/staff";
import { databaseEnv, openServerDatabase } from "./databases";

/**
 * `npm run staff -- add <email> --role <role>` against a server's data folder, the password typed
 * on standard input as the estate's administrator types it: the browser tests make their staff
 * accounts the documented way. Resolves with the command's exit status and everything it printed.
 */
export function addStaffAccount(
  dataDir: string,
  account: { email: string; password: string; role: "admin" | "editor" | "inbox" },
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "staff", "--", "add", account.email, "--role", account.role], {
      env: { ...process.env, DATA_DIR: dataDir, ...databaseEnv(dataDir) },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (status) => resolve({ status, output }));
    child.stdin.end(`${account.password}\n`);
  });
}

/**
 * A new data folder with one staff account in it, as `npm run staff -- add` makes it, written
 * straight into the database (quicker than the command, which `addStaffAccount` tests itself);
 * `prepare` writes anything else the story starts from before the server opens the folder.
 * `totpSecret`: the account's second factor, as if it had enrolled already (`phoneCode` gives its codes).
 */
export async function dataDirWithStaff(
  prefix: string,
  account: { email: string; password: string; role: StaffRole; totpSecret?: string },
  prepare: (db: Db) => void = () => {},
): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const db = openServerDatabase(dataDir);
  const store = new StaffStore(db);
  store.add(account.email, await hashPassword(account.password), account.role, new Date());
  if (account.totpSecret) {
    const { id } = store.find(account.email)!;
    store.setPendingSecret(id, account.totpSecret);
    store.confirmSecondFactor(id, account.totpSecret, 0, []);
  }
  prepare(db);
  db.close();
  return dataDir;
}

/** The last 30-second step whose code each secret signed in with (each code signs in once). */
const usedSteps = new Map<string, number>();

/**
 * The code an authenticator app shows for `secret` at `at` (the server's time, in ms), as otplib
 * computes it on the phone; a second sign-in within the same 30 seconds gets the next step's code,
 * which the server also accepts, as someone would wait for the app's next one.
 */
export async function phoneCode(secret: string, at = Date.now()): Promise<string> {
  const now = Math.floor(at / 30_000);
  const step = Math.max(now, (usedSteps.get(secret) ?? now - 1) + 1);
  if (step > now + 1) throw new Error("more than two sign-ins with one second factor within 30 seconds");
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

const fr = adminTranslator("fr").t;

/**
 * Signs a staff member whose second factor is set up into the staff area, in French, as they do on
 * the sign-in page with their phone's code; a session still open on the server goes straight on.
 * `clockOffset`: how far the server's clock is moved from this one (ms), which the code follows.
 */
export async function signInInFrench(page: Page, serverUrl: string, account: { email: string; password: string; totpSecret: string }, clockOffset = 0) {
  await page.goto(`${serverUrl}/admin/login`);
  if (!page.url().endsWith("/admin/login")) return;
  await page.getByLabel(fr("signIn.email")).fill(account.email);
  await page.getByLabel(fr("signIn.password")).fill(account.password);
  await page.getByRole("button", { name: fr("signIn.submit"), exact: true }).click();
  await expect(page.locator("h1")).toHaveText(fr("secondFactor.title"));
  await page.getByLabel(fr("secondFactor.code")).fill(await phoneCode(account.totpSecret, Date.now() + clockOffset));
  await page.getByRole("button", { name: fr("secondFactor.submit") }).click();
  await expect(page.getByRole("navigation", { name: fr("layout.navigation") })).toBeVisible();
}
