/**
 * Staff accounts of the inbox at /admin, in the database (SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL).
 *
 *   npm run staff -- add <email> --role admin|editor|inbox
 *                                     creates an account; the password is read from standard input
 *   npm run staff -- reset <email>    sets a new password (read the same way), clears the second
 *                                     factor and ends its sessions
 *   npm run staff -- role <email> admin|editor|inbox
 *                                     gives the account another role and ends its sessions
 *   npm run staff -- remove <email>   removes the account and its sessions
 *   npm run staff -- list             lists the accounts
 *
 * In a terminal the password is asked twice without being shown; otherwise (a pipe, a script)
 * the first line of standard input is the password. At least 12 characters, and not one of the
 * common passwords in server/admin/shared/common-passwords.txt. There is no default account. An admin
 * sets up a second factor (a code from a phone app) at the first sign-in.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword, passwordProblem } from "../admin/shared/passwords";
import { loadConfigOrExit } from "../config";
import { auditActions, commandLineActor, recordAudit } from "../db/audit";
import { openConfiguredDatabase } from "../startup";
import { isStaffRole, StaffStore, staffRoles, type StaffRole } from "../db/staff";

const usage = `Usage: npm run staff -- <command>
  add <email> --role admin|editor|inbox
                   create an account (password from standard input); an admin sets up a
                   second factor at the first sign-in
  reset <email>    set a new password (from standard input), clear the second factor and end
                   the account's sessions
  role <email> admin|editor|inbox
                   give the account another role and end its sessions
  remove <email>   remove an account and its sessions
  list             list the accounts`;

function fail(message: string, status = 2): never {
  console.error(status === 2 ? `${message}\n\n${usage}` : message);
  process.exit(status);
}

/** Reads a line from a terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stderr.write(question);
  return new Promise((resolve) => {
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

/** The first line of standard input (a pipe or a file). */
async function firstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

async function readPassword(email: string): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden(`New password for ${email}: `);
    if ((await askHidden("Same password again: ")) !== password) fail("The two passwords differ: nothing was changed.", 1);
  } else {
    password = await firstLine();
  }
  const problem = passwordProblem(password, email);
  if (problem) fail(`${problem} Nothing was changed.`, 1);
  return password;
}

function roleArgument(value: string | undefined): StaffRole {
  if (!value) fail(`Missing role: one of ${staffRoles.join(", ")}`);
  if (!isStaffRole(value)) fail(`"${value}" is not a role: one of ${staffRoles.join(", ")}`);
  return value;
}

function emailArgument(value: string | undefined): string {
  if (!value) fail("Missing <email>");
  const parsed = z.email().max(254).safeParse(value.trim());
  if (!parsed.success) fail(`"${value}" is not an e-mail address`);
  return parsed.data;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" }, role: { type: "string" } } });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    console.log(usage);
    return;
  }
  const [command, argument, ...rest] = parsed.positionals;
  if (command !== "add" && command !== "reset" && command !== "role" && command !== "remove" && command !== "list")
    fail(command ? `Unknown command "${command}"` : "Missing command");
  const roleGiven = command === "role" ? rest.shift() : undefined;
  if (rest.length > 0) fail(`Unexpected argument "${rest[0]}"`);
  if (command === "list" && argument) fail(`Unexpected argument "${argument}"`);
  if (parsed.values.role !== undefined && command !== "add") fail(`--role belongs to add (use: role <email> <role>)`);
  const email = command === "list" ? "" : emailArgument(argument);
  // Checked before the password is asked for: a typo in the role must not cost a typed password.
  const role = command === "add" ? roleArgument(parsed.values.role) : command === "role" ? roleArgument(roleGiven) : null;
  // The password is read before the database is opened: nothing waits on a person typing.
  const password = command === "add" || command === "reset" ? await readPassword(email) : "";

  const config = loadConfigOrExit();
  const db = openConfiguredDatabase(config);
  const staff = new StaffStore(db);
  const now = new Date();
  try {
    switch (command) {
      case "add": {
        if (staff.find(email)) fail(`${email} already has an account (use reset to change its password).`, 1);
        staff.add(email, await hashPassword(password), role ?? fail("Missing role"), now);
        recordAudit(db, { actor: commandLineActor, action: auditActions.staffAdded, target: { type: "staff", id: email }, detail: { role } }, now);
        const enrol = role === "admin" ? " (an admin sets up a second factor at the first sign-in)" : "";
        console.log(`Added ${email} as ${role}. Sign in at ${new URL("/admin", config.SITE_URL).toString()}${enrol}`);
        break;
      }
      case "reset": {
        if (!staff.setPassword(email, await hashPassword(password), now)) fail(`${email} has no account.`, 1);
        recordAudit(db, { actor: commandLineActor, action: auditActions.staffPasswordReset, target: { type: "staff", id: email } }, now);
        console.log(`New password set for ${email}; its second factor is cleared and its sessions are ended.`);
        break;
      }
      case "role": {
        if (!staff.setRole(email, role ?? fail("Missing role"))) fail(`${email} has no account.`, 1);
        recordAudit(db, { actor: commandLineActor, action: auditActions.staffRoleChanged, target: { type: "staff", id: email }, detail: { role } }, now);
        console.log(`${email} is now ${role}; its sessions are ended.`);
        break;
      }
      case "remove": {
        if (!staff.remove(email)) fail(`${email} has no account.`, 1);
        recordAudit(db, { actor: commandLineActor, action: auditActions.staffRemoved, target: { type: "staff", id: email } }, now);
        console.log(`Removed ${email} and its sessions.`);
        break;
      }
      case "list": {
        const accounts = staff.list();
        if (accounts.length === 0) console.log("No staff account yet: add one with npm run staff -- add <email> --role admin");
        for (const account of accounts) {
          const factor = account.totp_secret ? "second factor" : "no second factor";
          console.log(
            `#${account.id}\t${account.email}\t${account.role}\t${factor}\tcreated ${account.created_at}\tlast sign-in ${account.last_sign_in_at ?? "never"}`,
          );
        }
        break;
      }
    }
  } finally {
    db.close();
  }
}

await main();
