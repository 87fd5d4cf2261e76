/**
 * The operator's commands and restic, run by the tests in processes of their own, as a person
 * runs them: `npm run backup`, `npm run restore`, and restic itself on a test's repository.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { projectDir } from "../../config";

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects a program's output until it ends; resolves with its status and output. */
function collected(child: ChildProcessWithoutNullStreams): Promise<CommandResult> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs an npm script of the project with `env`. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  return collected(
    spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: projectDir,
      // npm would look for a newer npm on the registry after the script, for tens of seconds offline.
      env: { ...process.env, ...env, npm_config_update_notifier: "false" },
    }),
  );
}

/** restic itself, on the test's repository (without a cache: nothing is left behind). */
export function restic(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return collected(spawn("restic", [...args, "--no-cache"], { env: { ...process.env, ...env } }));
}
