/**
 * A guest stops the thank-you e-mails after a visit, through the link in one of them (its token is
 * the booking's private link's): their address is noted, and the after-visit sweep
 * (./after-visit.ts) sends it none from then on. The e-mails about their bookings still go.
 */
import { refuseThanks } from "../db/tour-thanks";
import type { Bookings } from "./deps";
import { visitByToken, type BookedVisit } from "./visits";

/** Stops the thank-you e-mails to the address of the booking `token` names; null for an unknown token. */
export async function stopThanks(deps: Bookings, token: string): Promise<BookedVisit | null> {
  const visit = visitByToken(deps.db, token);
  if (!visit) return null;
  if (visit.email !== "") await deps.commits.run((tx) => refuseThanks(tx, visit.email, deps.now()));
  return visit;
}
