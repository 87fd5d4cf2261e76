/**
 * The e-mail to each admin when the backups start failing (server/backup/run.ts queues it in the
 * transaction that records the failure, once per run of failures): in the admin's language, what
 * failed and where the backups are kept in words (./backup-words.ts), the last good backup,
 * the staff page's address, and restic's own message last, as the detail for whoever runs the server.
 */
import type { OutgoingMail } from "#core/mail";
import { adminTranslator, type AdminLanguage } from "#locales/admin";
import type { BackupProblem, RepositoryPlace } from "#core/backup";
import { causeWords } from "./backup-words";
import { headerSafe } from "./compose";
import { outgoingMail } from "./outgoing";
import { staffMoment } from "./staff-clock";

export interface BackupFailureNotice {
  to: string;
  estate: string;
  /** When the backup failed (ISO). */
  at: string;
  problem: BackupProblem | null;
  error: string;
  place: RepositoryPlace | null;
  /** When the last good backup ended (ISO), if there was one. */
  lastGood: string | null;
  /** The staff page that shows the backups' state. */
  staffPage: string;
}

export function backupFailureMail(lang: AdminLanguage, notice: BackupFailureNotice): OutgoingMail {
  const { t } = adminTranslator(lang);
  const lines = [
    t("backupMail.intro"),
    "",
    t("backupMail.failed", { time: staffMoment(notice.at, lang), cause: causeWords(t, notice, notice.place) }),
    ...(notice.lastGood ? [t("backup.lastGoodSince", { time: staffMoment(notice.lastGood, lang) })] : []),
    t("backup.tellSomeone"),
    "",
    t("backupMail.once", { url: notice.staffPage }),
    "",
    // A cause the site does not know already quotes restic's message.
    ...(notice.problem ? [t("backupMail.detail", { error: notice.error }), ""] : []),
  ];
  return outgoingMail({
    kind: "notification",
    to: notice.to,
    replyTo: null,
    subject: headerSafe(t("backupMail.subject", { estate: notice.estate })),
    text: lines.join("\n"),
    headers: {},
  });
}
