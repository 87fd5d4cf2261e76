/**
 * The estate's daily digest of newsletter sign-ups, in the staff's language: how many addresses
 * confirmed their sign-up, each with its language and the time it was confirmed (on the estate's
 * clock), and a button to the sign-ups in the inbox. It replaces an e-mail per sign-up
 * (../../bookings/signup-digest.ts sends it once a day).
 */
import { adminTranslator } from "#locales/admin";
import type { OutgoingMail } from "#core/mail";
import { formDefinitions } from "#forms/definitions";
import { headerSafe, languageName, staffFrame, type MailContext } from "../compose";
import { renderMail } from "../layout";
import { outgoingMail } from "../outgoing";
import { parisParts, staffClock, staffDay, staffDayAndTime } from "../staff-clock";

/** A confirmed sign-up as the digest lists it: its address, its language (a code), when it was confirmed (UTC). */
export interface DigestedSignup {
  email: string;
  language: string;
  confirmedAt: string;
}

/** The digest of `signups` (at least one, in the order they were confirmed), to the estate's address. */
export function signupDigestMail(context: MailContext, signups: readonly DigestedSignup[]): OutgoingMail {
  const lang = context.staffLanguage();
  const { t } = adminTranslator(lang);
  const moments = signups.map((signup) => parisParts(new Date(signup.confirmedAt)));
  const first = moments[0]!.date;
  const last = moments.at(-1)!.date;
  // Normally the day before; after days without a sweep (the server stopped), every day not yet listed.
  const oneDay = first === last;
  const count = signups.length;
  const intro = oneDay
    ? t("signupDigest.intro", { count, day: staffDay(last, lang) })
    : t("signupDigest.introDays", { count, first: staffDay(first, lang), last: staffDay(last, lang) });
  const lines = signups.map((signup, index) => {
    const { date, time } = moments[index]!;
    return t("signupDigest.line", {
      email: headerSafe(signup.email, 254),
      language: languageName(signup.language, lang),
      when: oneDay ? staffClock(time, lang) : staffDayAndTime(date, time, lang, { year: false }),
    });
  });
  const subject = headerSafe(t("signupDigest.subject", { count, day: staffDay(last, lang, { year: false }) }));
  const list = new URL(`/admin?type=${formDefinitions.newsletterSignup.slug}`, context.siteUrl).toString();
  const { text, html } = renderMail({
    ...staffFrame(lang, context),
    preview: subject,
    greeting: null,
    blocks: [
      { kind: "text", text: intro },
      { kind: "facts", lines },
      { kind: "action", intro: t("signupDigest.open"), button: t("signupDigest.openButton"), url: list },
    ],
  });
  return outgoingMail({ kind: "notification", to: context.estateEmail, replyTo: null, subject, text, html, headers: {} });
}
