/**
 * The visitor's e-mails that the tours' experiences add, in the visitor's language, as HTML with a
 * plain-text part (./layout.tsx): a time held until enough people booked it for the tour to run,
 * that minimum not reached, a deposit not paid in time (whether the sweep or the payment provider
 * found it), and the thank-you e-mail the day after a visit, with the wines of the tasting that the
 * shop sells and their pages. The thank-you e-mail is marketing: it carries the health line (CSP
 * L. 3323-4) and, in its small print and its headers, a link that stops it with one click (CPCE
 * L. 34-5, LSSI art. 21.2; RFC 8058, as the newsletter's). Like every e-mail to a visitor they repeat
 * nothing the visitor typed.
 */
import { formatEventDate, formatTime } from "#core/format";
import { apiPaths, localizePath, pagePaths, winePath } from "#core/paths";
import { translator } from "#locales";
import type { OutgoingMail } from "#core/mail";
import { headerSafe, signedBy, siteLink } from "./compose";
import { healthLines, renderMail, type MailBlock } from "./layout";
import { manageLink, referenceLine, subjectPlace, visitFacts, type VisitForMail, type VisitMailContext } from "./tour-visit";
import { outgoingMail } from "./outgoing";
import { receiptLine, refundLine } from "./visit-price";

/** The link in a thank-you e-mail that stops them (its token is the booking's private link's). */
const thanksStopLink = (siteUrl: string, token: string) => siteLink(siteUrl, apiPaths.tourThanks, token);

/** Why the visitor is written to, beyond the bookings' own e-mails (./tour-visit.ts). */
export type ExperienceMailKind = "minimum" | "minimumNotReached" | "paymentLapsed" | "thanks";

/** What these e-mails need of a visit: the booking as the visitor's e-mails have it, and the package (for its wines). */
export interface ExperienceVisit extends VisitForMail {
  package: string;
  /** For the thank-you e-mail: the wines poured on the tours the guest visited that day that the shop sells, each once, named in the guest's language. */
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
  const names = { ...subjectPlace(estate, visit.meeting), date: formatEventDate(visit.date, lang), time: formatTime(visit.time, lang) };
  const again = new URL(localizePath(lang, pagePaths.wineTours), context.siteUrl).toString();
  const reference: MailBlock = { kind: "small", text: referenceLine(t, visit) };
  const also = (line: string | null): MailBlock[] => (line ? [{ kind: "text", text: line }] : []);
  let subject: string;
  let blocks: MailBlock[];
  let footer: { text: string; link?: { label: string; url: string } }[] = [];
  let headers: Record<string, string> = {};
  switch (kind) {
    case "minimum":
      subject = t("tourMail.minimumSubject", names);
      blocks = [
        { kind: "text", text: t("tourMail.minimumIntro", { minimum, hours: context.cutoffHours }) },
        { kind: "facts", lines: visitFacts(t, visit) },
        // Its deposit just paid: the receipt.
        ...also(receiptLine(t, lang, visit.price)),
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
      subject = t("tourMail.minimumNotReachedSubject", names);
      blocks = [
        { kind: "text", text: t("tourMail.minimumNotReachedIntro") },
        { kind: "facts", lines: visitFacts(t, visit, { where: false, price: "alone" }) },
        // The deposit's refund only when one was paid, with its amount (N13).
        ...also(refundLine(t, lang, visit.price)),
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: again },
        reference,
      ];
      break;
    case "paymentLapsed":
      subject = t("tourMail.paymentLapsedSubject", names);
      blocks = [
        { kind: "text", text: t("tourMail.paymentLapsedIntro") },
        { kind: "facts", lines: visitFacts(t, visit, { where: false, price: "alone" }) },
        { kind: "action", intro: t("mail.booking.declinedAgain"), button: t("tourMail.againButton"), url: again },
        reference,
      ];
      break;
    case "thanks": {
      subject = t("tourMail.thanksSubject", names);
      const wines = visit.wines ?? [];
      const shop = new URL(localizePath(lang, pagePaths.shop), context.siteUrl).toString();
      const stop = thanksStopLink(context.siteUrl, visit.token);
      blocks = [
        { kind: "text", text: t("tourMail.thanksIntro", { estate, date: names.date }) },
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
      footer = [
        ...healthLines(lang).map((text) => ({ text })),
        { text: t("tourMail.thanksWhy") },
        { text: t("tourMail.thanksStop"), link: { label: t("tourMail.thanksStopButton"), url: stop } },
      ];
      // One click stops them, as the newsletter's link does (RFC 8058): ../api/tours.ts takes the provider's POST.
      headers = { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
      break;
    }
  }
  const { text, html } = renderMail({
    ...signedBy(lang, context),
    preview: (blocks[0] as { text?: string }).text ?? subject,
    greeting: t("tourMail.greeting"),
    blocks,
    footer,
  });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(visit.email, 254),
    replyTo: headerSafe(context.estateEmail, 254),
    subject: headerSafe(subject),
    text,
    html,
    headers,
  });
}
