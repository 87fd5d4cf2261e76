import { describe, expect, it } from "vitest";
import { content } from "#content";
import { postalAddress } from "#content/address";
import { languages } from "#core/languages";
import { localizePath } from "#core/paths";
import { translator } from "#locales";
import { bookingReference, composeDeclineReply, type ReplyContext } from "../mail/booking-reply";
import { tourNameOf } from "./support/fixtures";

const context: ReplyContext = {
  estateNames: {
    en: "Château L'Hermitage Lescours",
    fr: "Château L'Hermitage Lescours",
    zh: "莱斯库尔隐庐酒庄",
    es: "Château L'Hermitage Lescours",
    ja: "シャトー・レルミタージュ・レスクール",
  },
  estateEmail: "contact@hermitage-lescours.example",
  estatePhone: "+33 5 00 00 00 00",
  address: Object.fromEntries(languages.map((lang) => [lang, postalAddress(content.site.address, lang)])) as ReplyContext["address"],
  siteUrl: "https://www.hermitage-lescours.example",
  timeZone: "Europe/Paris",
  durationMinutes: 60,
  tourName: tourNameOf,
};
const booking = { id: "3f2b1c9e-0d4a-4f6b-9a51-2c7e8d9f0a1b", name: "Camille", email: "camille@example.org" };

describe("the estate's refusal of a tour request", () => {
  it.each(languages)("is written in %s, with the staff's reason and a way to book again", (language) => {
    const { t } = translator(language);
    const mail = composeDeclineReply({ ...booking, language }, "Closed for the harvest.", context, { place: context.estateNames[language] });
    expect(mail.kind).toBe("reply");
    expect(mail.to).toBe(booking.email);
    expect(mail.replyTo).toBe(context.estateEmail);
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/[{}#]/);
    expect(mail.subject).toBe(
      t("mail.booking.declinedSubject", { estate: context.estateNames[language], place: context.estateNames[language], elsewhere: "no" }),
    );
    expect(mail.text).toContain(t("mail.booking.greeting", { name: "Camille" }));
    expect(mail.text).toContain(bookingReference(booking.id));
    expect(mail.text).toContain("Closed for the harvest.");
    expect(mail.text).toContain(new URL(localizePath(language, "/wine-tours"), context.siteUrl).toString());
    // Nothing is booked: no calendar file comes with it.
    expect(mail.attachments).toBeUndefined();
  });

  it("keeps a visitor's name from adding lines or headers", () => {
    const mail = composeDeclineReply({ ...booking, name: "Eve\r\nBcc: all@example.com", language: "fr" }, "Complet.", context, {
      place: context.estateNames.fr,
    });
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
