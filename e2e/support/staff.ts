import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../../server/admin/passwords";
import { openDatabase, type Db } from "../../server/db/database";
import { StaffStore, type StaffRole } from "../../server/db/staff";

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
      env: { ...process.env, DATA_DIR: dataDir },
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
 */
export async function dataDirWithStaff(
  prefix: string,
  account: { email: string; password: string; role: StaffRole },
  prepare: (db: Db) => void = () => {},
): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const db = openDatabase(dataDir);
  new StaffStore(db).add(account.email, await hashPassword(account.password), account.role, new Date());
  prepare(db);
  db.close();
  return dataDir;
}
