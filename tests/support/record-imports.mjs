/**
 * A preload (`node --import`) that writes every module specifier the process resolves, one per
 * line, to the file named by `RECORD_IMPORTS_FILE`: what a compiled server loads at its start
 * (server/__tests__/start-imports.test.ts).
 */
import { register } from "node:module";

register("./record-imports-hooks.mjs", import.meta.url);
