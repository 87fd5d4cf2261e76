/**
 * The restore drill on PostgreSQL (`DATABASE_URL`): a server on its database takes bookings;
 * `npm run backup` dumps the database (pg_dump) into restic's repository while it serves; a restore
 * over the database that still holds data is refused and changes nothing; the database is lost and
 * an empty one made in its place; `npm run restore -- latest` puts the backup back, and the server
 * started on it has every booking acknowledged before the backup, and the staff sign in. The
 * commands run in processes of their own, with Debian's restic, pg_dump and pg_restore. Runs in the
 * "postgres" project (vitest.config.ts); skipped in the "integration" project, which has no
 * PostgreSQL. The drill on SQLite is restore-drill.integration.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/database";
import { addStaff, siteUrl, StaffClient } from "./support/admin";
import { book, start, stop } from "./support/drill";
import { npmRun } from "./support/commands";
import { contentRepository } from "./support/content";
import { fixtureBuild, tempDataDir } from "./support/fixtures";
import { onPostgres, openTestDatabase, replaceWithEmptyDatabase, testDatabaseUrl } from "./support/test-database";

const office = { email: "office@hermitage-lescours.example", password: "a long and unusual passphrase" };

const bookingIds = (db: Db) => (db.prepare("SELECT id FROM tour_bookings ORDER BY id").all() as { id: string }[]).map((row) => row.id);

describe.runIf(onPostgres())("a backup of PostgreSQL", () => {
  it("is put back by npm run restore into an empty database, with every booking acknowledged before it, and never over a database that holds data", async () => {
    const dataDir = tempDataDir();
    const env = {
      RESTIC_REPOSITORY: mkdtempSync(join(tmpdir(), "lescours-restic-")),
      RESTIC_PASSWORD: "correct horse battery staple",
      BUILD_DIR: fixtureBuild(),
      DATA_DIR: dataDir,
      DATABASE_URL: testDatabaseUrl(dataDir)!,
      CONTENT_DIR: contentRepository(),
      SITE_URL: siteUrl,
      RATE_LIMIT_MAX: "0",
      LOG_LEVEL: "silent",
    };
    const app = await start(env);
    await addStaff(app, office.email, office.password, "inbox");
    const acknowledged: string[] = [];
    for (const name of ["Camille Martin", "Oliver Bennett", "Hanako Sato"]) acknowledged.push(await book(app, name));

    const backedUp = await npmRun("backup", [], env);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(/^backup: snapshot [0-9a-f]{8} in \d+ ms: \d+ files, \d+ bytes; database checked \(ok, schema \d+, 3 tour bookings\)/);
    // Made after the backup: not in it.
    const after = await book(app, "Lucía García");
    await stop(app);

    // A restore over the database that still holds the bookings is refused, and changes nothing.
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    rmSync(env.CONTENT_DIR, { recursive: true, force: true });
    const refused = await npmRun("restore", ["latest"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot take a restore: it is not empty/);
    const untouched = openTestDatabase(dataDir);
    expect(bookingIds(untouched)).toEqual([...acknowledged, after].toSorted());
    untouched.close();

    // The database is lost; an empty one is made in its place, and the backup restored into it.
    replaceWithEmptyDatabase(dataDir);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    rmSync(env.CONTENT_DIR, { recursive: true, force: true });
    const restored = await npmRun("restore", ["latest"], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("is in DATABASE_URL's database and DATA_DIR (database checked: 3 tour bookings, 1 staff accounts)");

    const again = await start(env);
    expect(bookingIds(again.db)).toEqual(acknowledged.toSorted());
    // The backup that made it is recorded as good in the database it restored.
    expect(again.db.prepare("SELECT status FROM backup_runs").all()).toEqual([{ status: "done" }]);
    const staff = new StaffClient(again);
    expect((await staff.signIn(office.email, office.password)).statusCode).toBe(303);
    // The restored database takes bookings again.
    await book(again, "Nouvelle Réservation");
  }, 180_000);
});
