/**
 * Every e-mail the site writes has an HTML part built with React Email and a plain-text part that
 * carries all of it: each piece of text the HTML shows and each address it links to is in the text
 * part too, in every language. The estate's own e-mails are in the staff's language, with the time
 * and what happened in the subject. (How the HTML looks at 390 px: e2e/tour-slots.test.ts, which
 * also keeps the screenshots of docs/screenshots/.)
 */
import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { meetingPointOf } from "#content/meeting-point";
import { textIn } from "#content/text";
import { languages, type Language } from "#core/languages";
import { adminTranslator } from "#locales/admin";
import { composeDeclineReply } from "../mail/booking-reply";
import { composeConfirmation, composeNotification } from "../mail/compose";
import type { OutgoingMail } from "#core/mail";
import { logoCid } from "../mail/layout";
import { composeNewsletterMail } from "../mail/newsletter";
import { composeStaffReply } from "../mail/staff-reply";
import { composeEstateChange } from "../mail/tour-estate";
import { composeRequestReceived, composeVisitMail, composeWaitlistJoined, composeWaitlistOffer, type VisitMailKind } from "../mail/tour-visit";
import { testMailContext, validPayloads } from "./support/fixtures";

type Node = DefaultTreeAdapterMap["node"];

/** The texts an HTML part shows (its <head> and hidden preview left out) and the addresses it links to. */
function shown(html: string): { texts: string[]; links: string[] } {
  const body = html.slice(html.indexOf("<body"));
  const texts: string[] = [];
  const links: string[] = [];
  const walk = (node: Node, hidden: boolean) => {
    if (node.nodeName === "#text") {
      const text = (node as DefaultTreeAdapterMap["textNode"]).value.replace(/\s+/g, " ").trim();
      if (text && !hidden) texts.push(text);
      return;
    }
    const element = node as DefaultTreeAdapterMap["element"];
    const attrs = Object.fromEntries((element.attrs ?? []).map((attr) => [attr.name, attr.value]));
    if (attrs.href) links.push(attrs.href);
    // React Email's preview is a hidden div at the top of the body: mail programs show it beside the
    // subject. A button's words are the HTML's way to show a link whose address and sentence the text has.
    const isButton = attrs.href !== undefined && /padding/.test(attrs.style ?? "");
    const isHidden = hidden || isButton || /display:\s*none/.test(attrs.style ?? "");
    for (const child of (element.childNodes ?? []) as Node[]) walk(child, isHidden);
  };
  for (const child of parseFragment(body).childNodes) walk(child, false);
  return { texts, links };
}

const flat = (text: string) => text.replace(/\s+/g, " ");

/** Every text and address of the HTML part is in the text part. */
function expectTextCarriesEverything(mail: OutgoingMail, what: string) {
  expect(mail.html, what).toBeDefined();
  const text = flat(mail.text);
  const { texts, links } = shown(mail.html!);
  expect(texts.length, what).toBeGreaterThanOrEqual(3);
  for (const piece of texts) expect(text, `${what}: “${piece}”`).toContain(piece);
  for (const link of links) expect(mail.text, `${what}: ${link}`).toContain(link);
  // The estate's name and logo head it; its address and phone end it.
  expect(mail.html, what).toContain(`src="cid:${logoCid}"`);
}

const context = { ...testMailContext("fr"), timeZone: "Europe/Paris", durationMinutes: 60, cutoffHours: 24, holdHours: 48, waitlistHoldHours: 12 };
const tour = (lang: Language) => textIn(content.tours.packages[0]!.selectedLabel, lang);
const visit = (lang: Language, status: "pending" | "confirmed" | "cancelled" | "expired" | "declined" = "confirmed") => ({
  id: "0123abcd-0000-4000-8000-000000000000",
  email: "visitor@example.org",
  language: lang,
  tour: tour(lang),
  date: "2027-06-12",
  time: "10:30",
  zone: "Europe/Paris",
  guests: 2,
  status,
  sequence: 1,
  token: "t".repeat(43),
  meeting: meetingPointOf(content.site, content.tours.packages[0]!, lang),
  price: null,
  request: status === "pending",
});
const now = new Date("2027-05-01T08:00:00Z");

describe.each(languages)("the e-mails to a visitor in %s", (lang) => {
  it("carry in their text part everything their HTML part shows, and name the day and the time in the subject", () => {
    const kinds: [VisitMailKind, Parameters<typeof visit>[1]][] = [
      ["booked", "pending"],
      ["booked", "confirmed"],
      ["moved", "confirmed"],
      ["cancelled", "cancelled"],
      ["expired", "expired"],
      ["declined", "declined"],
      ["reminder", "confirmed"],
    ];
    for (const [kind, status] of kinds) {
      const mail = composeVisitMail(kind, visit(lang, status), context, now);
      expectTextCarriesEverything(mail, `${kind} ${lang}`);
      // The subject names the time as the body writes it.
      expect(mail.subject, `${kind} ${lang}`).toMatch(/10:30|10\u00a0h\u00a030|10:30\u00a0AM/);
      expect(mail.text).toContain(context.address[lang]);
      expect(mail.text).toContain(context.estatePhone);
    }
    const others: [string, OutgoingMail][] = [
      ["offer", composeWaitlistOffer(visit(lang), { date: "2027-06-01", time: "21:00" }, context)],
      ["waitlist", composeWaitlistJoined(visit(lang), context)],
      [
        "request",
        composeRequestReceived(
          "0123abcd-0000-4000-8000-000000000000",
          { email: "visitor@example.org", language: lang, package: "both", guests: 3, date: "2027-06-12" },
          context,
          {
            meeting: meetingPointOf(
              content.site,
              content.tours.packages.find((one) => one.id === "both")!,
              lang,
            ),
            price: null,
          },
        ),
      ],
      ["newsletter", composeConfirmation(lang, "visitor@example.org", { confirm: "c".repeat(32), unsubscribe: "u".repeat(32) }, context)],
      [
        "declined by the staff",
        composeDeclineReply({ id: "0123abcd", name: "Ana", email: "a@example.org", language: lang }, "Closed that week.\nSorry.", context, visit(lang).meeting),
      ],
      [
        "a staff reply",
        composeStaffReply(
          { to: "a@example.org", subject: "Re", text: `Line one.\n\nLine two.\n\n${context.estateNames[lang]}\n${context.address[lang]}`, language: lang },
          context,
        ),
      ],
    ];
    for (const [what, mail] of others) expectTextCarriesEverything(mail, `${what} ${lang}`);
  });

  it("a newsletter issue too, with its picture, its wine and its unsubscribe link", () => {
    const written = (text: string) => Object.fromEntries(languages.map((code) => [code, `${text} (${code})`]));
    const issue = {
      subject: written("News"),
      body: written("First paragraph.\n\nSecond paragraph"),
      picture: { scene: "cellar", alt: written("The cellar") },
      wines: [content.wines[0]!.id],
      tours: [content.tours.packages[0]!.id],
      links: [],
    };
    const { mail } = composeNewsletterMail(
      issue,
      { email: "reader@example.org", language: lang, unsubscribeToken: "u".repeat(43) },
      { ...context, wines: content.wines, tours: content.tours, site: content.site },
    );
    expectTextCarriesEverything(mail, `newsletter issue ${lang}`);
    expect(mail.html).toContain(`src="${context.siteUrl}/api/newsletter/pictures/cellar.jpg"`);
    expect(mail.html).toContain(`alt="The cellar (${lang})"`);
    expect(mail.text).toContain(`${context.siteUrl}/api/newsletter/pictures/cellar.jpg`);
    expect(mail.text).toContain(context.address[lang]);
    expect(mail.html).toContain(`href="${mail.headers["List-Unsubscribe"]!.slice(1, -1)}"`);
  });
});

describe("the reminder", () => {
  it("gives the phone, not the private link that closes when it is sent", () => {
    for (const lang of languages) {
      const mail = composeVisitMail("reminder", visit(lang), context, now);
      expect(mail.text).not.toMatch(/token=|api\/tours\/booking/);
      expect(mail.html).not.toMatch(/token=|api\/tours\/booking/);
      expect(mail.attachments?.[0]?.content).not.toMatch(/token=/);
    }
  });
});

describe("the estate's e-mails", () => {
  const booking = { ...validPayloads.tourBooking, name: "王小明", guests: 2, language: "zh" as const, page: "/zh/wine-tours" };

  it("are in the staff's language, with what happened, the name and the time in the subject, « 2 personnes »", () => {
    const fr = adminTranslator("fr").t;
    const confirmed = composeNotification("tourBooking", "id-1", booking, "2026-12-01T09:00:00.000Z", testMailContext("fr"), {
      kind: "slot",
      date: "2026-12-05",
      time: "15:00",
      guests: 2,
      status: "confirmed",
      holdUntil: null,
    });
    expect(confirmed.subject).toBe("Réservation confirmée · 王小明 · sam. 5 déc. 15\u00a0h");
    expect(confirmed.text).toContain(fr("estateMail.time", { when: "sam. 5 déc. 2026 à 15\u00a0h" }));
    expect(confirmed.text).toContain("Groupe\u00a0: 2 personnes");
    expect(confirmed.text).not.toMatch(/place\(s\)|2026-12-05/);
    expectTextCarriesEverything(confirmed, "confirmed, French");

    const english = composeNotification("tourBooking", "id-1", booking, "2026-12-01T09:00:00.000Z", testMailContext("en"), {
      kind: "slot",
      date: "2026-12-05",
      time: "10:00",
      guests: 2,
      status: "pending",
      holdUntil: "2026-12-03T09:00:00.000Z",
    });
    expect(english.subject).toBe("Booking to confirm · 王小明 · Sat 5 Dec 10:00");
    expect(english.text).toContain("Group: 2 people");
    expect(english.text).toContain("until Thu 3 Dec 2026, 10:00 (Paris time)");

    const waitlist = composeNotification("tourBooking", "id-1", booking, "2026-12-01T09:00:00.000Z", testMailContext("fr"), {
      kind: "waitlist",
      date: "2026-12-01",
      time: "10:00",
      guests: 2,
    });
    expect(waitlist.subject).toBe("Liste d’attente · 王小明 · mar. 1er déc. 10\u00a0h");
  });

  it("tell the estate when a waitlist's places are offered and when they are taken", () => {
    const fr = adminTranslator("fr").t;
    const base = {
      id: "id-1",
      name: "王小明",
      email: "wang@example.cn",
      language: "zh",
      package: "hermitage",
      guests: 2,
      from: new Date("2026-12-05T14:00:00Z"),
      to: null,
    };
    const offered = composeEstateChange("offered", { ...base, until: new Date("2026-12-04T20:00:00Z") }, testMailContext("fr"), now);
    expect(offered.subject).toBe(`${fr("estateMail.subject.offered")} · 王小明 · sam. 5 déc. 15\u00a0h`);
    expect(offered.text).toContain(fr("estateMail.intro.offered", { name: "王小明", until: "ven. 4 déc. 2026 à 21\u00a0h" }));
    expectTextCarriesEverything(offered, "offered");
    const taken = composeEstateChange("takenConfirmed", base, testMailContext("en"), now);
    expect(taken.subject).toBe("Waitlist: places taken · 王小明 · Sat 5 Dec 15:00");
    expect(taken.text).toContain("王小明 took the places offered from the waitlist. The booking is confirmed.");
  });
});
