/**
 * The GDPR tools as use-cases (articles 15, 17 and 20): find, hand over and erase everything
 * stored for an e-mail address (server/db/privacy.ts). Each is logged with the staff member, the
 * time and the address's keyed digest, never the address itself: after an erasure the log must
 * not keep it, nor let anyone confirm it by hashing it.
 */
import { auditActions, recordAudit } from "../db/audit";
import { addressDigest, erasePersonalData, findPersonalData, type Erasure, type PersonalData } from "../db/privacy";
import type { Bookings } from "../bookings/deps";

/** What the privacy tools are handed: the connection, the group commit, the clock, and the key of the log's address digests. */
export type Privacy = Pick<Bookings, "db" | "commits" | "now"> & { auditKey: () => Buffer };

/** Logs a privacy action on an address (by its digest), with what it found or did. */
function logged(deps: Privacy, actor: string, action: string, email: string, detail: Record<string, unknown>): Promise<void> {
  return deps.commits.run((tx) => recordAudit(tx, { actor, action, detail: { address: addressDigest(deps.auditKey(), email), ...detail } }, deps.now()));
}

/** Everything stored for an address, as the erasure's confirmation step shows it (not logged: nothing is handed over). */
export function personalDataOf(deps: Pick<Privacy, "db">, email: string): PersonalData {
  return findPersonalData(deps.db, email);
}

/** Finds everything stored for an address, to show the staff member; logged with how much was found. */
export async function findPerson(deps: Privacy, email: string, actor: string): Promise<PersonalData> {
  const found = findPersonalData(deps.db, email);
  await logged(deps, actor, auditActions.privacyFind, email, { submissions: found.submissions.length, mails: found.mails.length });
  return found;
}

/** Everything stored for an address, to hand to the person (a document or JSON: `format`); logged with the format and how much. */
export async function exportPerson(deps: Privacy, email: string, format: "document" | "data", actor: string): Promise<PersonalData> {
  const found = findPersonalData(deps.db, email);
  await logged(deps, actor, auditActions.privacyExport, email, { format, submissions: found.submissions.length, mails: found.mails.length });
  return found;
}

/**
 * Erases everything stored for an address (overwritten in the file, the search index rebuilt, the
 * write-ahead log emptied when no other process reads it: `walEmptied`); logged with how much.
 */
export async function erasePerson(deps: Privacy, email: string, actor: string): Promise<{ erased: Erasure; walEmptied: boolean }> {
  const { walEmptied, ...erased } = await erasePersonalData(deps.db, email);
  await logged(deps, actor, auditActions.privacyErase, email, { ...erased });
  return { erased, walEmptied };
}
