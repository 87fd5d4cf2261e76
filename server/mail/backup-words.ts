/**
 * The backups' state in the staff's own words (English or French), one wording for the staff
 * area's page and banner and for the admins' e-mail: where the backups are kept, and why the last
 * one failed. restic's own English appears only as the technical detail of a cause the site does
 * not know.
 */
import type { AdminMessageId } from "#locales/admin";
import type { BackupProblem, RepositoryPlace } from "#core/backup";

type Translate = (id: AdminMessageId, values?: Record<string, string | number | Date>) => string;

/** Where the backups are kept: "a folder on this machine (/srv/backups)", "the sftp service at vault.example". `disk`: say when it shares the data's disk. */
export function whereWords(t: Translate, place: RepositoryPlace | null, { disk = true }: { disk?: boolean } = {}): string {
  if (place === null) return "";
  switch (place.kind) {
    case "folder":
      return t(disk && place.sameDisk ? "backup.where.folderSameDisk" : "backup.where.folder", { path: place.path });
    case "service":
      return place.host ? t("backup.where.service", { service: place.service, host: place.host }) : t("backup.where.serviceOnly", { service: place.service });
    case "unknown":
      return t("backup.where.unknown", { file: place.file });
  }
}

/** Why a backup failed, as a clause: the repository gone or replaced, the password refused, or restic's words as a detail. */
export function causeWords(t: Translate, failure: { problem: BackupProblem | null; error: string }, place: RepositoryPlace | null): string {
  switch (failure.problem) {
    case "repository-gone":
      return t("backup.cause.gone", { where: whereWords(t, place, { disk: false }) });
    case "repository-replaced":
      return t("backup.cause.replaced", { where: whereWords(t, place, { disk: false }) });
    case "password":
      return t("backup.cause.password");
    case null:
      return t("backup.cause.other", { error: failure.error.replace(/\.\s*$/, "") });
  }
}
