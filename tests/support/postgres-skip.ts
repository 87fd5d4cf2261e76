/**
 * The "postgres" project's setup file (vitest.config.ts): without PostgreSQL's programs, each of its
 * tests is skipped, saying why, rather than run a second time on SQLite.
 */
import { beforeEach, inject } from "vitest";

const missing = inject("postgresMissing");
if (missing) beforeEach((context) => context.skip(`PostgreSQL is not installed here (${missing})`));
