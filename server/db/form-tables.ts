/**
 * The link between the form definitions (forms/) and the tables the migrations create
 * (server/db/migrations.ts, the SQL of record): the columns an insert names, and the start-up
 * check that each table has exactly the columns its definition describes.
 */
import { formDefinitions } from "#forms/definitions";
import { envelopeColumns, type FieldDefinition, type FormDefinition } from "#forms/fields";
import { columnsOf, type Db } from "./database";

/** The columns an insert of a submission fills, in order: the envelope, then the form's fields. */
export function insertColumns(form: FormDefinition): string[] {
  return [...envelopeColumns, ...form.fields].map((c) => c.column);
}

/** The SQLite type a field's column must have. */
const columnType = (field: FieldDefinition) => (field.kind === "count" ? "INTEGER" : "TEXT");

/** What is wrong with one form's table, as readable lines (none when it matches). */
export function tableProblems(db: Db, form: FormDefinition, serverColumns: readonly string[] = []): string[] {
  const actual = new Map(columnsOf(db, form.table).map((c) => [c.name, c]));
  if (actual.size === 0) return [`${form.table}: the table is missing`];
  const problems: string[] = [];
  const expected = new Set([...envelopeColumns.map((c) => c.column), ...form.kept.map((c) => c.column), ...serverColumns]);
  for (const column of expected) if (!actual.has(column)) problems.push(`${form.table}.${column}: no such column`);
  for (const field of form.fields) {
    expected.add(field.column);
    const info = actual.get(field.column);
    if (!info) {
      problems.push(`${form.table}.${field.column}: no such column (field ${form.kind}.${field.name})`);
      continue;
    }
    if (info.type.toUpperCase() !== columnType(field)) problems.push(`${form.table}.${field.column}: type ${info.type}, the field needs ${columnType(field)}`);
    if (field.required !== (info.notnull === 1)) {
      problems.push(`${form.table}.${field.column}: ${info.notnull ? "NOT NULL" : "nullable"}, but the field is ${field.required ? "required" : "optional"}`);
    }
  }
  for (const name of actual.keys()) if (!expected.has(name)) problems.push(`${form.table}.${name}: a column no definition names`);
  return problems;
}

/**
 * Checks every form's table against its definition and throws one error listing every mismatch:
 * a definition changed without a migration (or the reverse) stops the server at start-up instead
 * of failing on the first submission. `serverColumns` lists, per table, the columns the server
 * keeps for itself (the newsletter's tokens).
 */
export function checkFormTables(db: Db, serverColumns: Readonly<Record<string, readonly string[]>> = {}): void {
  const problems = Object.values(formDefinitions).flatMap((form) => tableProblems(db, form, serverColumns[form.table]));
  if (problems.length > 0) {
    throw new Error(`The database tables do not match the form definitions (forms/); add a migration:\n  ${problems.join("\n  ")}`);
  }
}
