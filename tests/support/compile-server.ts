import { compileServer } from "../../e2e/support/server";

/**
 * Vitest's global setup (vitest.config.ts): the tests start the server and the operator's commands
 * compiled, as production runs them, so they are compiled first when their sources changed.
 */
export default function setup(): void {
  compileServer();
}
