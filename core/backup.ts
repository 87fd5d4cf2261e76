/**
 * What the backups record of a failure and of where they are kept: one shape for the code that
 * finds and records them (server/backup/, server/db/backups.ts) and the code that words them for
 * the staff (server/mail/backup-words.ts, the admins' e-mail and the staff area), which do not
 * import each other (server/mail sits below server/backup and apart from server/db).
 */

/**
 * Why a backup failed, as the staff area words it (server/mail/backup-words.ts): the repository the
 * backups went to is gone, or another one is in its place, or it refused the password. Any other
 * cause is null (its English text is the run's `error`).
 */
export type BackupProblem = "repository-gone" | "repository-replaced" | "password";

export type RepositoryPlace =
  /** A folder on this machine; `sameDisk`: on the file system that holds DATA_DIR. */
  | { kind: "folder"; path: string; sameDisk: boolean }
  /** A remote service: restic's scheme (sftp, s3, rest, b2, azure, gs, swift, rclone) and, when it names one, the host or bucket. */
  | { kind: "service"; service: string; host: string | null }
  /** RESTIC_REPOSITORY_FILE names a file the server cannot read. */
  | { kind: "unknown"; file: string };
