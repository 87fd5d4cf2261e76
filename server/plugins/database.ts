/**
 * The database as a plugin of the server (`database`): the SQLite file in DATA_DIR, or PostgreSQL
 * at DATABASE_URL (../db/postgres.ts), opened (and migrated) for serving, its group commit (one
 * transaction and one disk flush for the writes of an event-loop turn: ../db/group-commit.ts), and
 * the forms' tables checked against their definitions. Every
 * other part that reads or writes depends on it by this name; it closes last, once the parts
 * registered after it have stopped.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { forServing, type Db } from "../db/database";
import { GroupCommit } from "../db/group-commit";
import { SubmissionStore } from "../db/submissions";
import { openConfiguredDatabase } from "../startup";

declare module "fastify" {
  interface FastifyInstance {
    /** The server's one connection. */
    db: Db;
    /** The writes' group commit: a write is one function run as a transaction, resolved once on disk. */
    commits: GroupCommit;
    /** The newsletter's subscriptions as their links read and change them, the forms' tables checked at start-up (../db/submissions.ts). */
    submissions: SubmissionStore;
  }
}

async function registerDatabase(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  // Start-up waits for another instance's writes as the migrations do (5 s): a second machine
  // starting at the same time, or one busy with bookings, holds the write lock in turns.
  const db = openConfiguredDatabase(config);
  // A definition changed without its migration stops the server here, naming the columns.
  const submissions = new SubmissionStore(db);
  const commits = new GroupCommit(db);
  // Once every part has done its start-up writes (the hooks run in the order they were added, and
  // this part registers before those that write), the server's connection never holds the thread
  // long for another process's lock (../db/availability.ts).
  app.addHook("onReady", async () => {
    forServing(db);
  });
  app.decorate("db", db);
  app.decorate("commits", commits);
  app.decorate("submissions", submissions);
  app.addHook("onClose", async () => {
    // What is queued is committed (or refused) before the file closes.
    commits.flush({ final: true });
    db.close();
  });
}

export const database = fp(registerDatabase, { name: "database", fastify: "5.x" });
