/**
 * The "postgres" project's setup file (vitest.config.ts), run before each test file: without
 * PostgreSQL's programs, each of its tests is skipped, saying why, rather than run a second time on
 * SQLite; with them, the databases the file's test servers had are dropped after it.
 */
import { afterAll, beforeEach, inject } from "vitest";
import { dropTestDatabases } from "../../server/__tests__/support/test-database";

const missing = inject("postgresMissing");
if (missing) beforeEach((context) => context.skip(`PostgreSQL is not installed here (${missing})`));
afterAll(() => dropTestDatabases());
