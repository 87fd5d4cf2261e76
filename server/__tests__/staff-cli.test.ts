import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { minimumPasswordLength, passwordProblem } from "../admin/shared/passwords";
import { StaffStore } from "../db/staff";
import { compiledCommand } from "../../e2e/support/server";
import { tempDataDir } from "./support/fixtures";
import { openTestDatabase, testDatabaseUrl } from "./support/test-database";

const databaseUrl = (dataDir: string) => {
  const url = testDatabaseUrl(dataDir);
  return url ? { DATABASE_URL: url } : {};
};

/** Runs `npm run staff -- <args>` as a person would, with `input` on standard input. */
function staff(dataDir: string, args: string[], input = ""): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiledCommand("staff"), ...args], {
      // In the "postgres" project, the data folder's own PostgreSQL database, as the server on it would have.
      env: { ...process.env, DATA_DIR: dataDir, SITE_URL: "https://www.hermitage-lescours.example", ...databaseUrl(dataDir) },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

const accounts = (dir: string) => {
  const db = openTestDatabase(dir);
  try {
    return new StaffStore(db).list();
  } finally {
    db.close();
  }
};

/** A common password long enough to pass the length rule, from the list shipped in the repo. */
const common = readFileSync(new URL("../admin/shared/common-passwords.txt", import.meta.url), "utf8")
  .split("\n")
  .find((line) => line.length >= minimumPasswordLength && !line.startsWith("#"))!;

// Each run starts a Node process with the compiled command, as `npm run staff` does.
describe("npm run staff", () => {
  it("adds an account with a role and the password from standard input, hashed with argon2id, and lists it", async () => {
    const dir = tempDataDir();
    expect(accounts(dir)).toEqual([]);
    const added = await staff(dir, ["add", "anne@hermitage-lescours.example", "--role", "admin"], "a long and unusual passphrase\n");
    expect(added.status).toBe(0);
    expect(added.stdout).toContain("Added anne@hermitage-lescours.example as admin");
    const [account] = accounts(dir);
    expect(account!.email).toBe("anne@hermitage-lescours.example");
    expect(account!.role).toBe("admin");
    expect(account!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account!.password_hash).not.toContain("passphrase");
    const listed = await staff(dir, ["list"]);
    expect(listed.stdout).toMatch(/^#1\tanne@hermitage-lescours\.example\tadmin\tno second factor\tcreated .*\tlast sign-in never$/m);
  });

  it("asks for a role, one of admin, editor and inbox, before it reads a password", async () => {
    const dir = tempDataDir();
    for (const args of [
      ["add", "a@hermitage-lescours.example"],
      ["add", "a@hermitage-lescours.example", "--role", "owner"],
    ]) {
      const refused = await staff(dir, args, "a long and unusual passphrase\n");
      expect(refused.status, args.join(" ")).toBe(2);
      expect(refused.stderr, args.join(" ")).toMatch(/role: one of admin, editor, inbox/);
    }
    expect(accounts(dir)).toEqual([]);
    await staff(dir, ["add", "a@hermitage-lescours.example", "--role", "inbox"], "a long and unusual passphrase\n");
    const changed = await staff(dir, ["role", "a@hermitage-lescours.example", "editor"]);
    expect(changed.status).toBe(0);
    expect(accounts(dir)[0]!.role).toBe("editor");
  });

  it("refuses a common password and changes nothing", async () => {
    const dir = tempDataDir();
    const refused = await staff(dir, ["add", "a@hermitage-lescours.example", "--role", "inbox"], `${common.toUpperCase()}\n`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("common passwords");
    expect(accounts(dir)).toEqual([]);
  });

  it("resets a password (clearing the second factor, ending the account's sessions) and removes an account; both are logged", async () => {
    const dir = tempDataDir();
    await staff(dir, ["add", "anne@hermitage-lescours.example", "--role", "admin"], "a long and unusual passphrase\n");
    const db = openTestDatabase(dir);
    const store = new StaffStore(db);
    const before = store.find("anne@hermitage-lescours.example")!;
    store.openSession(before.id, new Date());
    store.setPendingSecret(before.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(store.confirmSecondFactor(before.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", 1, ["a".repeat(64)])).toBe(true);
    db.close();
    expect((await staff(dir, ["reset", "anne@hermitage-lescours.example"], "a brand new long passphrase\n")).status).toBe(0);
    const after = openTestDatabase(dir);
    const reset = new StaffStore(after).find("anne@hermitage-lescours.example")!;
    expect(reset.password_hash).not.toBe(before.password_hash);
    expect(reset.totp_secret).toBeNull();
    expect(after.prepare("SELECT count(*) AS n FROM staff_sessions").get()).toEqual({ n: 0 });
    expect(after.prepare("SELECT count(*) AS n FROM staff_recovery_codes").get()).toEqual({ n: 0 });
    after.close();
    expect((await staff(dir, ["remove", "anne@hermitage-lescours.example"])).status).toBe(0);
    expect(accounts(dir)).toEqual([]);
    const log = openTestDatabase(dir);
    expect(log.prepare("SELECT actor, action, target_id FROM audit_log ORDER BY id").all()).toEqual([
      { actor: "command line", action: "staff.added", target_id: "anne@hermitage-lescours.example" },
      { actor: "command line", action: "staff.password-reset", target_id: "anne@hermitage-lescours.example" },
      { actor: "command line", action: "staff.removed", target_id: "anne@hermitage-lescours.example" },
    ]);
    log.close();
  });
});

describe("the password rules", () => {
  it("refuse fewer than 12 characters, a common password in any case, and the address itself", () => {
    expect(passwordProblem("short pass", "a@example.com")).toMatch(/at least 12 characters/);
    expect(passwordProblem("日本語のパスワード", "a@example.com")).toMatch(/at least 12 characters/);
    expect(passwordProblem(common, "a@example.com")).toMatch(/common passwords/);
    expect(passwordProblem(common.toUpperCase(), "a@example.com")).toMatch(/common passwords/);
    expect(passwordProblem("Password1234", "a@example.com")).toMatch(/common passwords/);
    expect(passwordProblem("qwertyuiop123", "a@example.com")).toMatch(/common passwords/);
    expect(passwordProblem("winemaker@hermitage-lescours.example", "winemaker@hermitage-lescours.example")).toMatch(/e-mail address/);
    expect(passwordProblem("a long and unusual passphrase", "a@example.com")).toBeNull();
  });
});
