/**
 * The link between the form definitions (forms/) and the tables the migrations create
 * (server/db/migrations.ts, the SQL of record): the columns an insert names, and the start-up
 * check that each table has exactly the columns its definition describes and inbox triggers that
 * do what the inbox needs of them.
 */
import { randomUUID } from "node:crypto";
import { formDefinitions, formKinds, type FormKind } from "#forms/definitions";
import { envelopeColumns, type FieldDefinition, type FormDefinition } from "#forms/fields";
import { serverForms } from "../forms";
import { columnsOf, isPostgres, type Db } from "./database";

/** The columns an insert of a submission fills, in order: the envelope, then the form's fields. */
export function insertColumns(form: FormDefinition): string[] {
  return [...envelopeColumns, ...form.fields].map((c) => c.column);
}

/** The SQLite type a field's column must have. */
const columnType = (field: FieldDefinition) => (field.kind === "count" || field.kind === "checkbox" ? "INTEGER" : "TEXT");

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

/** A value for a column of the trial row: each field's its own mark, of the field's kind. */
function trialValue(field: FieldDefinition | undefined, column: string, mark: string): string | number {
  if (!field) return column === "language" ? "en" : `${mark}-${column}`;
  if (field.kind === "count") return field.min;
  if (field.kind === "checkbox") return 1;
  if (field.kind === "choice") return field.options[0] ?? mark;
  if (field.kind === "email") return `${mark}-${column}@example.invalid`;
  return `${mark}-${column}`;
}

/** Thrown to roll the trial back once its findings are read. */
const rollback = new Error("the trial row is rolled back");

/**
 * What is wrong with one form's inbox triggers (migration 2's, and any a later migration made),
 * found by trying them rather than reading their SQL: in a transaction rolled back at once, a row
 * whose every column holds its own mark is inserted into the form's table. The inbox must then
 * hold a row of the form's slug, with the sender's field as its name (`serverForms[kind].sender`),
 * its address and the form's first status, and a search text holding every field but the counts;
 * deleting the row must take both away. None when they do.
 */
function triggerProblems(db: Db, kind: FormKind): string[] {
  const form: FormDefinition = formDefinitions[kind];
  const { sender, statuses } = serverForms[kind];
  const columns = columnsOf(db, form.table).filter(
    (column) =>
      column.notnull === 1 || envelopeColumns.some((kept) => kept.column === column.name) || form.fields.some((field) => field.column === column.name),
  );
  const mark = `trial-${randomUUID()}`;
  const values = new Map(
    columns.map((column) => [
      column.name,
      trialValue(
        form.fields.find((field) => field.column === column.name),
        column.name,
        mark,
      ),
    ]),
  );
  const id = String(values.get("id"));
  const valueOf = (name: string) => {
    const field = form.fields.find((candidate) => candidate.name === name);
    return field ? values.get(field.column) : undefined;
  };
  const problems: string[] = [];
  try {
    db.transaction(() => {
      db.prepare(`INSERT INTO ${form.table} (${[...values.keys()].join(", ")}) VALUES (${[...values.keys()].map(() => "?").join(", ")})`).run(
        ...values.values(),
      );
      const entry = db.prepare("SELECT * FROM inbox WHERE type = ? AND submission_id = ?").get(form.slug, id) as
        { id: number; name: string | null; email: string; status: string } | undefined;
      if (!entry) {
        problems.push(`${form.table}: a new row does not enter the inbox as ${form.slug} (its insert trigger, ${form.table}_inbox)`);
        throw rollback;
      }
      const name = sender === null ? null : (valueOf(sender) ?? null);
      if (entry.name !== name)
        problems.push(`${form.table}: the inbox names the sender ${entry.name === null ? "nothing" : "by another column"}, not ${sender ?? "nothing"}`);
      if (entry.email !== valueOf("email")) problems.push(`${form.table}: the inbox's address is not the email field's`);
      if (entry.status !== statuses[0]) problems.push(`${form.table}: a new submission's status is ${entry.status}, not ${statuses[0]}`);
      const searchKey = isPostgres(db) ? "id" : "rowid";
      const search = db.prepare(`SELECT text FROM inbox_search WHERE ${searchKey} = ?`).get(entry.id) as { text: string } | undefined;
      const unsearched = form.fields.filter(
        (field) => field.kind !== "count" && field.kind !== "checkbox" && !search?.text.includes(String(values.get(field.column))),
      );
      if (unsearched.length > 0) problems.push(`${form.table}: the inbox's search does not hold ${unsearched.map((field) => field.column).join(", ")}`);
      db.prepare(`DELETE FROM ${form.table} WHERE id = ?`).run(id);
      const left = db.prepare("SELECT count(*) AS n FROM inbox WHERE type = ? AND submission_id = ?").get(form.slug, id) as { n: number };
      const leftText = db.prepare(`SELECT count(*) AS n FROM inbox_search WHERE ${searchKey} = ?`).get(entry.id) as { n: number };
      if (left.n > 0 || leftText.n > 0) problems.push(`${form.table}: a deleted row stays in the inbox (its delete trigger, ${form.table}_inbox_delete)`);
      throw rollback;
    })();
  } catch (error) {
    if (error !== rollback) problems.push(`${form.table}: a row could not be tried (${error instanceof Error ? error.message : String(error)})`);
  }
  return problems;
}

/**
 * Checks every form's table against its definition, and then its inbox triggers (`triggerProblems`),
 * and throws one error listing every mismatch: a definition changed without a migration (or the
 * reverse) stops the server at start-up instead of failing on the first submission, or leaving it
 * out of the inbox, its search and the privacy tools. `serverColumns` lists, per table, the columns
 * the server keeps for itself (the newsletter's tokens).
 */
export function checkFormTables(db: Db, serverColumns: Readonly<Record<string, readonly string[]>> = {}): void {
  const problems = formKinds.flatMap((kind) => {
    const form = formDefinitions[kind];
    const columns = tableProblems(db, form, serverColumns[form.table]);
    return columns.length > 0 ? columns : triggerProblems(db, kind);
  });
  if (problems.length > 0) {
    throw new Error(`The database tables do not match the form definitions (forms/); add a migration:\n  ${problems.join("\n  ")}`);
  }
}
