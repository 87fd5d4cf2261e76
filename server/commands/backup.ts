/**
 * Backs up the site's data now, while the server keeps serving.
 *
 *   npm run backup
 *   npm run backup -- --init    a new repository on purpose (see below)
 *
 * The database (copied with SQLite's online backup API and checked with `PRAGMA integrity_check`;
 * with DATABASE_URL, PostgreSQL's `pg_dump --format=custom`, read whole by `pg_restore`),
 * DATA_DIR's audit key and waiting photographs, and the content's git history, with a manifest of
 * sizes and SHA-256, go to the restic repository of RESTIC_REPOSITORY (encrypted with
 * RESTIC_PASSWORD or RESTIC_PASSWORD_FILE); the retention of BACKUP_KEEP_* is applied. The server
 * runs this same command on its schedule (`--trigger schedule`). The repository must be the one
 * the backups went to: the first backup makes it (or takes the empty one it finds), and from then on
 * a backup to a missing repository (an unmounted disk, a wrong path, an emptied bucket) or to
 * another one fails, naming the snapshot it held. `--init` starts a new repository on purpose:
 * made where RESTIC_REPOSITORY says when there is none, or the one found there chosen, and the
 * backups go there from then on. Exit status: 0 done, 1 failed, 3 no repository configured,
 * 75 another backup is running.
 */
import { setPriority } from "node:os";
import { parseArgs } from "node:util";
import { backupConfigured, loadConfigOrExit, unknownVariableWarnings } from "../config";
import { openConfiguredDatabase } from "../startup";
import { BackupBusy, runBackup } from "../backup/run";

/** `nice -n 10`, as a publish's build runs. */
const lowPriority = 10;

async function main(): Promise<number> {
  // Visitors first: the copy's check, git and restic (which inherit it) run at low priority,
  // whether the schedule or a person started the backup.
  setPriority(lowPriority);
  const { values } = parseArgs({ options: { trigger: { type: "string", default: "command" }, init: { type: "boolean", default: false } } });
  const trigger = values.trigger === "schedule" ? "schedule" : "command";
  const config = loadConfigOrExit();
  for (const warning of unknownVariableWarnings(process.env)) console.warn(warning);
  if (!backupConfigured(config)) {
    console.error('backup: RESTIC_REPOSITORY is not set: there is nowhere to back up to (docs/deployment.md, "Backups")');
    return 3;
  }
  const db = openConfiguredDatabase(config);
  try {
    const result = await runBackup(db, config, trigger, { init: values.init });
    const { database, content, files } = result.manifest;
    const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(
      `backup: snapshot ${result.snapshot.slice(0, 8)} in ${result.ms} ms: ${files.length} files, ${bytes} bytes; database checked (${database.integrity}, schema ${database.schemaVersion}, ${database.rows.tour_bookings ?? 0} tour bookings); ` +
        `content ${content ? `${content.commits} commits at ${content.head.slice(0, 12)}` : "in no git repository: not backed up"}${result.pruned ? "; repository pruned" : ""}`,
    );
    return 0;
  } catch (error) {
    console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof BackupBusy ? 75 : 1;
  } finally {
    db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
