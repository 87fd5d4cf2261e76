import { afterEach, describe, expect, it } from "vitest";
import { isPostgres, type Db } from "../../db/database";
import { GroupCommit } from "../../db/group-commit";
import { signUpForNewsletter, submitForm, type Arrivals } from "../submit";
import { tempDataDir, testMailContext, validPayloads } from "../../__tests__/support/fixtures";
import { openTestDatabase } from "../../__tests__/support/test-database";

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

/** A data folder's database and what a form's arrival is handed there, with mail configured. */
function arrivals(): { db: Db; deps: Arrivals } {
  db = openTestDatabase(tempDataDir());
  return { db, deps: { commits: new GroupCommit(db), mail: () => testMailContext() } };
}

/** Makes the outbox refuse every new e-mail, as a failure between the submission's write and its e-mail's would. */
const refuseMail = (db: Db) =>
  db.exec(
    isPostgres(db)
      ? `CREATE FUNCTION outbox_refuses() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refuses writes'; END $$;
         CREATE TRIGGER outbox_refuses BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_refuses()`
      : "CREATE TRIGGER outbox_refuses BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refuses writes'); END",
  );
const acceptMail = (db: Db) => db.exec(isPostgres(db) ? "DROP TRIGGER outbox_refuses ON outbox" : "DROP TRIGGER outbox_refuses");

const count = (db: Db, sql: string, ...values: unknown[]) => (db.prepare(sql).get(...values) as { n: number }).n;

describe("a form's arrival (server/inbox/submit.ts)", () => {
  it("stores a message only with the estate's notification: an e-mail that cannot be queued leaves no message, and one sent again is queued once", async () => {
    const { db, deps } = arrivals();
    refuseMail(db);
    await expect(submitForm(deps, "contactMessage", validPayloads.contactMessage)).rejects.toThrow(/outbox refuses writes/);
    expect(count(db, "SELECT count(*) AS n FROM contact_messages")).toBe(0);
    expect(count(db, "SELECT count(*) AS n FROM inbox")).toBe(0);

    // The visitor sends it again once the outbox takes writes: one message, one notification of it.
    acceptMail(db);
    const { id } = await submitForm(deps, "contactMessage", validPayloads.contactMessage);
    expect(count(db, "SELECT count(*) AS n FROM contact_messages")).toBe(1);
    expect(db.prepare("SELECT submission_id, recipient FROM outbox").all()).toEqual([{ submission_id: id, recipient: testMailContext().estateEmail }]);
  });

  it("signs an address up only with its confirmation e-mail, and never mails the same pending address twice within the hour", async () => {
    const { db, deps } = arrivals();
    const signUp = { email: "reader@example.com", language: "fr" as const, page: "/fr/news" };
    refuseMail(db);
    await expect(signUpForNewsletter(deps, signUp)).rejects.toThrow(/outbox refuses writes/);
    // Nothing says a confirmation went out that did not: the next sign-up sends it.
    expect(count(db, "SELECT count(*) AS n FROM newsletter_subscribers")).toBe(0);

    acceptMail(db);
    const { id } = await signUpForNewsletter(deps, signUp);
    await signUpForNewsletter(deps, signUp);
    expect(count(db, "SELECT count(*) AS n FROM newsletter_subscribers")).toBe(1);
    expect(db.prepare("SELECT submission_id, recipient FROM outbox").all()).toEqual([{ submission_id: id, recipient: "reader@example.com" }]);
  });
});
