/**
 * The operator's commands and restic, run by the tests in processes of their own, as a person
 * runs them: `npm run backup`, `npm run restore`, and restic itself on a test's repository.
 */
import { spawn } from "node:child_process";
import { projectDir } from "../../config";

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end; resolves with its status and output. */
function run(command: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs an npm script of the project with `env`. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  return run("npm", ["run", "--silent", script, "--", ...args], {
    cwd: projectDir,
    // npm would look for a newer npm on the registry after the script, for tens of seconds offline.
    env: { ...process.env, ...env, npm_config_update_notifier: "false" },
  });
}

/** restic itself, on the test's repository (without a cache: nothing is left behind). */
export function restic(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return run("restic", [...args, "--no-cache"], { env: { ...process.env, ...env } });
}
