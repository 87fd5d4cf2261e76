import type { BackupStatus } from "../../backup/status";
import { causeWords, whereWords } from "../../mail/backup-words";
import { formatAge, formatTime, type ViewContext } from "./view-context";

/**
 * The backups' state in the staff member's language: where they are kept when they work (a
 * folder on this machine, saying when it shares the data's disk, or a remote service), and why
 * the last one failed in words, with the last good one's date, when they do not.
 */
function backupSentence(view: ViewContext, status: BackupStatus): string {
  const minutes = status.intervalMinutes;
  const ago = (iso: string) => ({ when: formatAge(view, Math.max(0, (Date.now() - Date.parse(iso)) / 1000)), time: formatTime(view, iso) });
  switch (status.state) {
    case "not configured":
      return view.t("backup.notConfigured");
    case "none yet":
      return view.t("backup.noneYet", { minutes });
    case "failed":
      return [
        view.t("backup.failed", { ...ago(status.lastFailure!.at), cause: causeWords(view.t, status.lastFailure!, status.repository) }),
        ...(status.lastGood ? [view.t("backup.lastGoodSince", { time: formatTime(view, status.lastGood.at) })] : []),
        view.t("backup.tellSomeone"),
      ].join(" ");
    case "stale":
      return status.lastGood
        ? view.t("backup.stale", { ...ago(status.lastGood.at), minutes })
        : view.t("backup.never", { when: formatAge(view, Math.max(0, (Date.now() - Date.parse(status.serverStartedAt)) / 1000)), minutes });
    case "ok":
      return view.t("backup.ok", { ...ago(status.lastGood!.at), where: whereWords(view.t, status.repository), minutes });
  }
}

/** The staff page's panel: how old the last backup is (admin accounts). */
export function BackupPanel({ view }: { view: ViewContext }) {
  if (!view.backup) return null;
  return (
    <section aria-labelledby="backup-title" className="panel">
      <h2 id="backup-title">{view.t("backup.title")}</h2>
      <p>{backupSentence(view, view.backup)}</p>
    </section>
  );
}

/** Above every page of an admin, while the backups are late or failing: someone must act (the layout's problem notice). */
export function BackupAlert({ view }: { view: ViewContext }) {
  if (!view.backup || view.backup.ok) return null;
  return (
    <p className="notice notice-problem" role="alert">
      <strong>{view.t("backup.title")}</strong> {backupSentence(view, view.backup)}
    </p>
  );
}
