/**
 * The estate's e-mail when a visitor changes their own booking through the private link (moves
 * or cancels it): in English like every notification to the office (./compose.ts), the tour and
 * the language by name, every time on the estate's clock, a link to the booking in the inbox, and
 * the visitor's address as Reply-To. The visitor's name is the one thing they typed that it
 * repeats, on one line, as the new booking's notification does.
 */
import { content } from "#content";
import { textIn } from "#content/text";
import { bodySafe, headerSafe, inboxLink, parisTime, type OutgoingMail } from "./compose";

/** What the visitor did. */
export type EstateChangeKind = "moved" | "cancelled";

/** The booking as the estate's e-mail names it. */
export interface ChangedVisit {
  id: string;
  name: string;
  email: string;
  /** The page's language, a code the e-mail writes out ("Japanese"). */
  language: string;
  package: string;
  guests: number;
  /** When the tour started before the change, and after it (a move), as instants. */
  from: Date;
  to: Date | null;
}

/** The tour's English name ("Château Mongiron tour"), as the office reads it. */
const tourInEnglish = (pkg: string) => {
  const found = content.tours.packages.find((tour) => tour.id === pkg);
  return found ? textIn(found.selectedLabel, "en") : pkg;
};

const languageInEnglish = (code: string) => new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;

/** The estate's e-mail about a visitor's move or cancellation, made at `now`. */
export function composeEstateChange(kind: EstateChangeKind, visit: ChangedVisit, context: { estateEmail: string; siteUrl: string }, now: Date): OutgoingMail {
  const name = headerSafe(bodySafe(visit.name), 60);
  const at = (when: Date) => `${parisTime(when.toISOString())} (Paris time)`;
  const shownDay = parisTime((visit.to ?? visit.from).toISOString(), false).replace(/ \d{2}:\d{2}$/, "");
  const lines =
    kind === "moved"
      ? [`${name} moved their tour booking through their private link.`, "", `Tour: ${tourInEnglish(visit.package)}`, `Was: ${at(visit.from)}`, `Now: ${at(visit.to!)}`]
      : [`${name} cancelled their tour booking through their private link. The places are free again.`, "", `Tour: ${tourInEnglish(visit.package)}`, `Was: ${at(visit.from)}`];
  lines.push(
    `Group: ${visit.guests === 1 ? "1 person" : `${visit.guests} people`}`,
    `Language: ${languageInEnglish(visit.language)}`,
    `${kind === "moved" ? "Moved" : "Cancelled"}: ${at(now)}`,
    "",
    `Open it in the inbox: ${inboxLink(context.siteUrl, "tourBooking", visit.id)}`,
    "",
    "Reply to this e-mail to write to the visitor directly.",
  );
  return {
    kind: "notification",
    to: context.estateEmail,
    replyTo: headerSafe(visit.email, 254),
    subject: `Booking ${kind} · ${name} · ${shownDay}`,
    text: `${lines.join("\n")}\n`,
    headers: {},
  };
}
