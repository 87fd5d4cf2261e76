/**
 * The visitor's e-mails that the tours' experiences add, in the visitor's language, as HTML with a
 * plain-text part (./layout.tsx): a time held until enough people booked it for the tour to run,
 * that minimum not reached, a deposit not paid in time, and the thank-you e-mail the day after a
 * visit, with the wines poured on the tour and their pages in the shop. Like every e-mail to a
 * visitor they repeat nothing the visitor typed.
 */
import { formatEventDate, formatTime } from "#core/format";
import { localizePath, pagePaths, winePath } from "#core/paths";
import { translator } from "#locales";
import { bookingReference } from "./booking-reply";
import type { OutgoingMail } from "#core/mail";
import { headerSafe, signedBy } from "./compose";
import { renderMail, type MailBlock } from "./layout";
import { manageLink, visitFacts, type VisitForMail, type VisitMailContext } from "./tour-visit";
import { outgoingMail } from "./outgoing";

/** Why the visitor is written to, beyond the bookings' own e-mails (./tour-visit.ts). */
export type ExperienceMailKind = "minimum" | "minimumNotReached" | "paymentLapsed" | "thanks";

/** What these e-mails need of a visit: the booking as the visitor's e-mails have it, and the package (for its wines). */
export interface ExperienceVisit extends VisitForMail {
  package: string;
  /** For the thank-you e-mail: the wines poured on the tours the guest visited that day, each once, as the shop names them. */
  wines?: readonly { id: string; name: string }[];
}

/**
 * The e-mail for `kind`. `minimum` is the smallest group the tour runs for (the time is held until
 * the cut-off, `cutoffHours` before it).
 */
export function composeExperienceMail(kind: ExperienceMailKind, visit: ExperienceVisit, context: VisitMailContext, minimum = 1): OutgoingMail {
  const lang = visit.language;
  const { t } = translator(lang);
  const estate = context.estateNames[lang];
  const date = formatEventDate(visit.date, lang);
  const time = formatTime(visit.time, lang);
  const facts: MailBlock = { kind: "facts", lines: visitFacts(t, visit, context, { where: false }) };
  const again = new URL(localizePath(lang, pagePaths.wineTours), context.siteUrl).toString();
  const reference: MailBlock = { kind: "small", text: t("mail.booking.reference", { reference: bookingReference(visit.id) }) };
  let subject: string;
  let blocks: MailBlock[];
  switch (kind) {
    case "minimum":
      subject = t("tourMail.minimumSubject", { estate, date, time });
      blocks = [
        { kind: "text", text: t("tourMail.minimumIntro", { minimum, hours: context.cutoffHours }) },
        facts,
        {
          kind: "action",
          intro: t("tourMail.manage", { hours: context.cutoffHours }),
          button: t("tourMail.manageButton"),
          url: manageLink(context.siteUrl, visit.token),
        },
        reference,
      ];
      break;
    case "minimumNotReached":
      subject = t("tourMail.minimumNotReachedSubject", { estate, date, time });
      blocks = [
        { kind: "text", text: t("tourMail.minimumNotReachedIntro") },
        facts,
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: again },
        reference,
      ];
      break;
    case "paymentLapsed":
      subject = t("tourMail.paymentLapsedSubject", { estate, date, time });
      blocks = [
        { kind: "text", text: t("tourMail.paymentLapsedIntro") },
        facts,
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: again },
        reference,
      ];
      break;
    case "thanks": {
      subject = t("tourMail.thanksSubject", { estate });
      const wines = visit.wines ?? [];
      const shop = new URL(localizePath(lang, pagePaths.shop), context.siteUrl).toString();
      blocks = [
        { kind: "text", text: t("tourMail.thanksIntro", { estate, date }) },
        ...(wines.length > 0
          ? [
              { kind: "text" as const, text: t("tourMail.thanksWines") },
              {
                kind: "links" as const,
                links: wines.map((wine) => ({ label: wine.name, url: new URL(localizePath(lang, winePath(wine.id)), context.siteUrl).toString() })),
              },
            ]
          : []),
        { kind: "action", intro: t("tourMail.thanksShop"), button: t("tourMail.thanksShopButton"), url: shop },
        { kind: "text", text: t("tourMail.thanksAgain", { email: context.estateEmail }) },
        reference,
      ];
      break;
    }
  }
  const { text, html } = renderMail({
    ...signedBy(lang, context),
    preview: (blocks[0] as { text?: string }).text ?? subject,
    greeting: t("tourMail.greeting"),
    blocks,
  });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(visit.email, 254),
    replyTo: headerSafe(context.estateEmail, 254),
    subject: headerSafe(subject),
    text,
    html,
    headers: {},
  });
}
