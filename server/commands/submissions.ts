/**
 * Reads the form submissions out of the database (SQLite in DATA_DIR, or PostgreSQL at DATABASE_URL).
 *
 *   npm run submissions -- export <type> [--since DATE] [--format csv|json]
 *
 * <type> is tour-bookings, contact-messages, importer-applications or newsletter-signups. The
 * export goes to stdout: CSV (the default, written by csv-stringify, formula-safe) or JSON. The
 * columns are the form's definition (forms/).
 */
import { parseArgs } from "node:util";
import { findForm, formDefinitions } from "#forms/definitions";
import { loadConfigOrExit } from "../config";
import { openConfiguredDatabase } from "../startup";
import { exportColumns, readSubmissions, toCsv, toJson } from "../db/export";

const usage = `Usage: npm run submissions -- export <type> [--since DATE] [--format csv|json]
  <type>    ${Object.values(formDefinitions)
    .map((form) => form.slug)
    .join(", ")}
  --since   only submissions received at or after DATE (e.g. 2026-11-01 or 2026-11-01T08:00:00Z, UTC)
  --format  csv (default) or json`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { since: { type: "string" }, format: { type: "string", default: "csv" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return;
  }
  const [command, type, ...rest] = positionals;
  if (command !== "export") fail(command ? `Unknown command "${command}"` : "Missing command");
  if (!type) fail("Missing <type>");
  if (rest.length > 0) fail(`Unexpected argument "${rest[0]}"`);
  const form = findForm(type);
  if (!form) fail(`Unknown type "${type}"`);
  if (values.format !== "csv" && values.format !== "json") fail(`Unknown format "${values.format}"`);
  let since: Date | undefined;
  if (values.since !== undefined) {
    since = new Date(values.since);
    if (Number.isNaN(since.getTime())) fail(`--since "${values.since}" is not a date`);
  }

  const config = loadConfigOrExit();
  const db = openConfiguredDatabase(config);
  try {
    const rows = readSubmissions(db, form, { since });
    process.stdout.write(values.format === "json" ? toJson(rows) : toCsv(exportColumns(form), rows));
  } finally {
    db.close();
  }
}

main();
