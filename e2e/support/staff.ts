import { spawn } from "node:child_process";

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
