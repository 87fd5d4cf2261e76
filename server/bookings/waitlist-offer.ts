/**
 * The one in a full time's line, through the link of their e-mails: takes the places offered to
 * them (the time booked for their request and priced, confirmed at once or waiting for the estate,
 * as the package says; the visitor and the estate told), or leaves the line (an offer not taken yet goes
 * to the next in line in the same transaction).
 */
import { changeStatus } from "../db/inbox";
import { Waitlist } from "../db/tour-waitlist";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import { checkPlaces, holdEnd, SlotRefused } from "./ledger";
import { priceGroup } from "./price-group";
import { holdPlaces } from "./take-places";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/** Takes an offer's places: "lapsed" when the offer is no longer open (or a changed schedule took the places away). */
export function takeOffer(deps: Bookings, token: string): Promise<"booked" | "lapsed"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const line = new Waitlist(tx);
    const entry = line.byToken(token);
    if (!entry || entry.status !== "offered" || !entry.offeredUntil || entry.offeredUntil <= now.toISOString()) return "lapsed" as const;
    line.setStatus(entry.id, "offered", "taken", now);
    try {
      checkPlaces(tx, schedule, entry, entry.guests, now);
    } catch (error) {
      if (!(error instanceof SlotRefused)) throw error;
      // The places were held for this offer; only a changed schedule takes them away.
      line.setStatus(entry.id, "taken", "gone", now);
      queueMails(tx, bookingMails(offerFreedPlaces(tx, schedule, now), mailFacts(deps, schedule)));
      return "lapsed" as const;
    }
    const confirmed = schedule.instantConfirm[entry.package];
    // Priced as the visitor's booking would have been (a waitlist takes no private tour nor voucher).
    const price = priceGroup(
      tx,
      deps.content.current,
      { id: entry.bookingId, package: entry.package, guests: entry.guests, private: false, voucher: null },
      now,
    );
    const held = { id: entry.bookingId, slot: entry, guests: entry.guests, confirmed, holdUntil: holdEnd(schedule, entry, now), source: "visitor" as const };
    holdPlaces(tx, schedule, { ...held, priceCents: price.priceCents, listPriceCents: price.listCents }, now);
    const taken = { kind: "offerTaken" as const, booking: bookingFacts(tx, entry.bookingId)!, entry };
    queueMails(tx, bookingMails([taken, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule)));
    return "booked" as const;
  });
}

/** Leaves the line (waiting, or with an offer not taken yet): "gone" when it no longer waits. */
export function leaveWaitlist(deps: Bookings, token: string): Promise<"left" | "gone"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const line = new Waitlist(tx);
    const entry = line.byToken(token);
    if (!entry || (entry.status !== "waiting" && entry.status !== "offered")) return "gone" as const;
    line.setStatus(entry.id, entry.status, "gone", now);
    changeStatus(tx, bookingType, entry.bookingId, ["new"], "cancelled", now);
    queueMails(tx, bookingMails(offerFreedPlaces(tx, schedule, now), mailFacts(deps, schedule)));
    return "left" as const;
  });
}
