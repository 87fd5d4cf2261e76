// The PostgreSQL side of the server's synchronous database (./postgres.ts): a worker thread that
// holds the connections and runs what the main thread hands it, while the main thread waits
// (synckit's `createSyncFn`: Atomics.wait on a shared buffer, as better-sqlite3 waits for SQLite).
// Plain JavaScript, found from the project folder: it runs as it is, from the sources and beside
// the compiled server alike, with no TypeScript loader in the worker.
//
// One `pg` client per connection the main thread opened (the server has one, as it has one SQLite
// connection). A connection that breaks is not tried again by a waiting caller: every call fails at
// once ("unreachable") while this thread reconnects in the background, waiting longer after each
// failure, so an unreachable PostgreSQL never holds the server's thread.
import { clearTimeout, setTimeout } from "node:timers";
import pg from "pg";
import { runAsWorker } from "synckit";

/** Numbers come back as numbers, as SQLite gives them; a boolean as 1 or 0, as SQLite has no other. */
const parsers = new Map([
  [20, (text) => Number(text)], // int8: ids, counts, sums of integers
  [1700, (text) => Number(text)], // numeric: sum() and avg() of bigint
  [16, (text) => (text === "t" ? 1 : 0)], // bool: a comparison selected as a value
]);
const types = {
  getTypeParser(oid, format) {
    return (format !== "binary" && parsers.get(oid)) || pg.types.getTypeParser(oid, format);
  },
};

/** The back-off between reconnection attempts: 100 ms, doubling, at most 5 s. */
const nextPause = (pause) => Math.min(5000, Math.max(100, pause * 2));

/** @type {Map<number, Connection>} */
const connections = new Map();
let nextHandle = 1;

/** Whether an error means the connection is gone (no SQLSTATE from the server, or the server going away). */
function connectionLost(error) {
  const code = error && typeof error === "object" ? error.code : undefined;
  if (typeof code !== "string") return true;
  // 08: connection exceptions; 57P01–57P03: the server shutting down or not accepting connections.
  return /^(08|57P0[1-3])/.test(code) || /^E[A-Z]+$/.test(code);
}

/** What the main thread gets of an error: its SQLSTATE and words, never the object itself. */
function describe(error, unreachable) {
  const e = error && typeof error === "object" ? error : { message: String(error) };
  return {
    message: String(e.message ?? error),
    code: unreachable ? "PG_UNREACHABLE" : typeof e.code === "string" ? e.code : undefined,
    cause: unreachable && typeof e.code === "string" ? e.code : undefined,
    detail: e.detail,
    constraint: e.constraint,
    table: e.table,
    column: e.column,
  };
}

/**
 * Statements with parameters are prepared once per connection under a name (`pg` sends Parse only
 * the first time), instead of parsed and planned again at every call as unnamed statements are:
 * PostgreSQL's CPU for a point read about halves (docs/architecture.md, "SQLite by default,
 * PostgreSQL at `DATABASE_URL`"). One name per statement text, shared by every connection of the
 * process; a text whose prepared form a schema change broke is forgotten, and gets a new one.
 */
const statementNames = new Map();
let statementCount = 0;

function statementName(text) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `lescours_${++statementCount}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL refuses to run a prepared statement whose result's columns a schema change altered
 * (`0A000`, "cached plan must not change result type": another instance migrated the database
 * under this one, in a rolling deploy). The text is prepared again under a new name.
 */
const staleStatement = (failure) => failure.code === "0A000";

class Connection {
  constructor(config) {
    this.config = config;
    this.client = null;
    /** Whether a transaction is open on this connection (a `BEGIN` not yet committed or rolled back). */
    this.inTransaction = false;
    /** While down: why, and when the next attempt to reconnect is. */
    this.down = null;
    this.pause = 0;
    this.timer = null;
    this.closed = false;
  }

  async connect() {
    const { url, settings, connectTimeoutMs, queryTimeoutMs, applicationName } = this.config;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs,
      application_name: applicationName,
      types,
      // Sent at connection: every session of the server has them (lock_timeout, statement_timeout…).
      options: Object.entries(settings)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(" "),
    });
    // A socket error between calls: the next call finds the connection down.
    client.on("error", (error) => this.lost(error));
    client.on("end", () => this.lost(new Error("the connection to PostgreSQL was closed")));
    await client.connect();
    this.client = client;
    this.inTransaction = false;
    this.down = null;
    this.pause = 0;
  }

  lost(error) {
    if (this.closed || this.down) return;
    const client = this.client;
    this.client = null;
    this.down = describe(error, true);
    client?.end().catch(() => {});
    this.scheduleReconnect();
  }

  scheduleReconnect() {
    if (this.closed || this.timer) return;
    this.pause = nextPause(this.pause);
    this.timer = setTimeout(async () => {
      this.timer = null;
      try {
        await this.connect();
      } catch (error) {
        this.down = describe(error, true);
        this.scheduleReconnect();
      }
    }, this.pause);
  }

  /**
   * Runs the steps in order on this connection; stops at the first that fails. Steps sent outside
   * a transaction (a read, or a whole transaction from its `BEGIN`) that fail on a prepared
   * statement a schema change broke are run once more, rolled back first, with the statement
   * prepared again: nothing of them was kept.
   */
  async run(steps) {
    const replayable = !this.inTransaction;
    const outcome = await this.runOnce(steps);
    if (!outcome.failed || !replayable || !staleStatement(outcome.failed)) return outcome;
    const failing = steps[outcome.index];
    if (failing?.params !== undefined) statementNames.delete(failing.sql);
    if (this.inTransaction) {
      const rolledBack = await this.runOnce([{ sql: "ROLLBACK" }]);
      if (rolledBack.failed) return outcome;
    }
    return this.runOnce(steps);
  }

  async runOnce(steps) {
    if (this.down || !this.client) return { failed: this.down ?? describe(new Error("not connected"), true), index: 0 };
    const results = [];
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      try {
        const result =
          step.params === undefined
            ? await this.client.query(step.sql)
            : await this.client.query({ name: statementName(step.sql), text: step.sql, values: step.params });
        if (step.params === undefined) this.follow(step.sql);
        // A simple query of several statements gives one result each: the last one counts.
        const last = Array.isArray(result) ? result.at(-1) : result;
        results.push({ rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 });
      } catch (error) {
        if (connectionLost(error)) {
          this.lost(error);
          return { failed: describe(error, true), index };
        }
        // A failed COMMIT ends the transaction too; a failed statement inside one leaves it open (aborted) until its ROLLBACK.
        if (step.sql === "COMMIT" || step.sql === "ROLLBACK") this.inTransaction = false;
        return { failed: describe(error, false), index };
      }
    }
    return { results };
  }

  /** Keeps `inTransaction` true from a `BEGIN` to its `COMMIT` or `ROLLBACK` (the adapter's own steps, ./postgres.ts). */
  follow(sql) {
    if (sql === "BEGIN") this.inTransaction = true;
    else if (sql === "COMMIT" || sql === "ROLLBACK") this.inTransaction = false;
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

runAsWorker(async (request) => {
  switch (request.op) {
    case "open": {
      const connection = new Connection(request.config);
      try {
        await connection.connect();
      } catch (error) {
        await connection.close();
        return { failed: describe(error, connectionLost(error)) };
      }
      const handle = nextHandle++;
      connections.set(handle, connection);
      return { handle };
    }
    case "run": {
      const connection = connections.get(request.handle);
      if (!connection) return { failed: { message: "this connection is closed", code: "PG_CLOSED" }, index: 0 };
      return connection.run(request.steps);
    }
    case "close": {
      const connection = connections.get(request.handle);
      connections.delete(request.handle);
      await connection?.close();
      return { closed: true };
    }
    default:
      return { failed: { message: `unknown request ${String(request.op)}`, code: "PG_INTERNAL" } };
  }
});
