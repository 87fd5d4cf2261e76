import { describe, expect, it } from "vitest";
import { content } from "#content";
import { postalAddress } from "#content/address";
import { formatEventDate, formatTime } from "#core/format";
import { languages } from "#core/languages";
import { translator } from "#locales";
import { bookingReference, composeBookingReply, type ReplyContext } from "../mail/booking-reply";
import { tourNameOf } from "./support/fixtures";

const context: ReplyContext = {
  estateNames: { en: "Château L'Hermitage Lescours", fr: "Château L'Hermitage Lescours", zh: "莱斯库尔隐庐酒庄", es: "Château L'Hermitage Lescours", ja: "シャトー・レルミタージュ・レスクール" },
  estateEmail: "contact@hermitage-lescours.example",
  estatePhone: "+33 5 00 00 00 00",
  address: Object.fromEntries(languages.map((lang) => [lang, postalAddress(content.site.address, lang)])) as ReplyContext["address"],
  siteUrl: "https://www.hermitage-lescours.example",
  timeZone: "Europe/Paris",
  durationMinutes: 60,
  tourName: tourNameOf,
};
const booking = { id: "3f2b1c9e-0d4a-4f6b-9a51-2c7e8d9f0a1b", name: "Camille", email: "camille@example.org", tour: "Both châteaux tour", guests: 3 };
// 10:00 in Paris on a winter day (UTC+1).
const start = new Date("2027-01-16T09:00:00Z");
const now = new Date("2026-11-23T12:00:00Z");

describe("the answer to a booking", () => {
  it.each(languages)("is written in %s, with every placeholder filled", (language) => {
    const { t } = translator(language);
    const confirmed = composeBookingReply({ ...booking, language }, { decision: "confirmed", start }, context, now);
    const declined = composeBookingReply({ ...booking, language }, { decision: "declined", reason: "Closed for the harvest." }, context, now);
    for (const mail of [confirmed, declined]) {
      expect(mail.kind).toBe("reply");
      expect(mail.to).toBe(booking.email);
      expect(mail.replyTo).toBe(context.estateEmail);
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/[{}#]/);
      expect(mail.text).toContain(t("mail.booking.greeting", { name: "Camille" }));
      expect(mail.text).toContain(bookingReference(booking.id));
    }
    expect(confirmed.text).toContain(t("mail.booking.guests", { count: 3 }));
    expect(confirmed.text).toContain(t("mail.booking.when", { date: formatEventDate("2027-01-16", language), time: formatTime("10:00", language) }));
    expect(confirmed.text).toContain(t("mail.booking.where", { address: postalAddress(content.site.address, language) }));
    expect(declined.text).toContain("Closed for the harvest.");
    expect(declined.attachments).toBeUndefined();
  });

  it("carries the visit as an iCalendar file in UTC, the estate as organizer, an hour long", () => {
    const mail = composeBookingReply({ ...booking, language: "en" }, { decision: "confirmed", start }, context, now);
    const ics = mail.attachments![0]!;
    expect(ics).toMatchObject({ filename: "visit.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH" });
    const unfolded = ics.content.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("DTSTART:20270116T090000Z");
    expect(unfolded).toContain("DTEND:20270116T100000Z");
    expect(unfolded).toContain(`UID:${booking.id}@www.hermitage-lescours.example`);
    expect(unfolded).toContain('ORGANIZER;CN="Château L\'Hermitage Lescours":mailto:contact@hermitage-lescours.example');
    expect(unfolded).toContain(`LOCATION:${postalAddress(content.site.address, "en").replaceAll(",", "\\,")}`);
    // Every line ends in CRLF and none is longer than 75 octets (RFC 5545, 3.1).
    for (const line of ics.content.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("names the estate as the visitor's language does, and the calendar file in that language", () => {
    const zh = composeBookingReply({ ...booking, language: "zh" }, { decision: "confirmed", start }, context, now);
    expect(zh.subject).toContain("莱斯库尔隐庐酒庄");
    const files = Object.fromEntries(
      (["en", "fr", "es"] as const).map((language) => [language, composeBookingReply({ ...booking, language }, { decision: "confirmed", start }, context, now)]),
    );
    expect(files.fr!.attachments![0]!.filename).toBe("visite.ics");
    expect(files.es!.attachments![0]!.filename).toBe("visita.ics");
    expect(files.es!.text).toContain("(visita.ics)");
    expect(files.es!.text).toContain("Hola, Camille:");
  });

  it("titles the calendar entry with the tour, naming the estate once", () => {
    const tour = "Visite du Château L'Hermitage Lescours";
    const mail = composeBookingReply({ ...booking, tour, language: "fr" }, { decision: "confirmed", start }, context, now);
    const unfolded = mail.attachments![0]!.content.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain(`SUMMARY:${tour}\r\n`);
    const both = composeBookingReply({ ...booking, tour: "Visite des deux châteaux", language: "fr" }, { decision: "confirmed", start }, context, now);
    expect(both.attachments![0]!.content.replace(/\r\n[ \t]/g, "")).toContain("SUMMARY:Visite des deux châteaux — Château L'Hermitage Lescours\r\n");
  });

  it("keeps a visitor's name from adding lines or headers", () => {
    const mail = composeBookingReply({ ...booking, name: "Eve\r\nBcc: all@example.com", language: "fr" }, { decision: "confirmed", start }, context, now);
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.attachments![0]!.content).not.toMatch(/^Bcc:/m);
  });
});
