/**
 * Puts a backup back, into an empty data folder.
 *
 *   npm run restore -- <snapshot|latest> [--send-unsent]
 *
 * The snapshot (an id from `restic snapshots`, or `latest`) of the repository RESTIC_REPOSITORY is
 * read, every file checked against its manifest (size, SHA-256), the database's integrity and the
 * content's bundle checked; then the database, the audit key and the waiting photographs go into
 * DATA_DIR, which must be absent or empty, and the content's git history into CONTENT_DIR (empty,
 * or absent). With DATABASE_URL, the backup's PostgreSQL archive goes into that database, which must
 * hold no table (a new one: docs/deployment.md, "Backups"), with pg_restore in one transaction. E-mails that were waiting in the outbox when the backup was taken are held, not
 * sent (the lost server may have sent them since); `--send-unsent` sends them at the next start.
 * Stop the server first; start it afterwards. Exit status 0 restored, 1 failed, 2 bad usage.
 */
import { parseArgs } from "node:util";
import { backupConfigured, loadConfigOrExit, unknownVariableWarnings } from "../config";
import { restoreBackup } from "../backup/restore";

const usage = `Usage: npm run restore -- <snapshot|latest> [--send-unsent]
  <snapshot>     a snapshot's id from \`restic snapshots\`, or latest
  --send-unsent  send the e-mails that were waiting when the backup was taken (default: held)`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { "send-unsent": { type: "boolean", default: false }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [snapshot, ...rest] = positionals;
  if (!snapshot || rest.length > 0 || !/^(latest|[0-9a-f]{8,64})$/.test(snapshot)) {
    console.error(`${snapshot ? `Not a snapshot: "${[snapshot, ...rest].join(" ")}"` : "Missing <snapshot>"}\n\n${usage}`);
    return 2;
  }
  const config = loadConfigOrExit();
  for (const warning of unknownVariableWarnings(process.env)) console.warn(warning);
  if (!backupConfigured(config)) {
    console.error("restore: RESTIC_REPOSITORY is not set: there is no repository to restore from");
    return 1;
  }
  const result = await restoreBackup(config, { snapshot, sendUnsent: values["send-unsent"] });
  const { manifest } = result;
  console.log(
    `restore: the backup of ${manifest.takenAt} from ${manifest.host} is in ${config.DATABASE_URL ? "DATABASE_URL's database and DATA_DIR" : "DATA_DIR"} (database checked: ${manifest.database.rows.tour_bookings ?? 0} tour bookings, ${manifest.database.rows.staff ?? 0} staff accounts)`,
  );
  if (!manifest.content) console.log("restore: the backup held no content history (the content folder was in no git repository)");
  else if (result.content?.restored)
    console.log(`restore: the content's history is in CONTENT_DIR: ${manifest.content.commits} commits, at ${manifest.content.head.slice(0, 12)}`);
  else if (result.content) console.log(`restore: ${result.content.advice}`);
  if (result.unsentMail > 0) {
    console.log(
      values["send-unsent"]
        ? `restore: ${result.unsentMail} e-mail(s) waiting at the backup are sent at the next start`
        : `restore: ${result.unsentMail} e-mail(s) were waiting at the backup: held, not sent (the lost server may have sent them); each shows on its submission's page`,
    );
  }
  console.log('restore: done; start the server (submissions made after the backup are not in it: see docs/deployment.md, "Backups")');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
