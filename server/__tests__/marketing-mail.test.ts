/**
 * The e-mails that sell wine (a newsletter issue; the thank-you e-mail: ./visit-mail-facts.test.ts)
 * carry the health line in every language (CSP L. 3323-4; the native readers' N9 of 29 November
 * 2026), name the wines as the reader's language names them and the tours as the booking form does
 * (zh/ja N10, N11); the Japanese signature keeps スタッフ一同 whole on its own line (JN2). Expected
 * words are read from the catalogs and the content.
 */
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { wineNameIn, wineNameIsLocal } from "#content/names";
import { formatPrice } from "#core/format";
import { languages } from "#core/languages";
import { translator } from "#locales";
import { composeDeclineReply } from "../mail/booking-reply";
import { composeNewsletterMail } from "../mail/newsletter";
import { tourNameOf, testMailContext } from "./support/fixtures";

const estateWine = content.wines.find((wine) => wine.name === content.site.estateName)!;
const tour = content.tours.packages.find((one) => one.id === "hermitage")!;
const written = (text: string) => Object.fromEntries(languages.map((code) => [code, `${text} (${code})`]));
const issue = { subject: written("News"), body: written("A paragraph."), picture: null, wines: [estateWine.id], tours: [tour.id], links: [] };
const facts = { ...testMailContext("fr"), wines: content.wines, tours: content.tours, site: content.site };
const flat = (text: string) => text.replace(/[ \t\r\n]+/g, " ");

describe.each(languages)("a newsletter issue in %s", (lang) => {
  const { mail } = composeNewsletterMail(issue, { email: "reader@example.org", language: lang, unsubscribeToken: "u".repeat(43) }, facts);
  const { t } = translator(lang);

  it("carries the French health line, and the reader's own moderation line in another language", () => {
    expect(mail.text).toContain(`${translator("fr").t("footer.healthMessage")}.`);
    if (lang !== "fr") for (const line of t("footer.healthMeaning").split("\n")) expect(flat(mail.text)).toContain(line);
  });

  it("names the wine in the reader's language (its Latin name beside it in Chinese and Japanese) and the tour as the booking form does", () => {
    const name = `${wineNameIn(content.site, estateWine, lang)} ${estateWine.vintage}`;
    expect(mail.text).toContain(name);
    if (wineNameIsLocal(content.site, estateWine, lang)) expect(mail.text).toContain(`${name}（`);
    expect(flat(mail.text)).toContain(flat(t("mail.newsletter.tour", { tour: tourNameOf(tour.id, lang), price: formatPrice(tour.price, lang) })));
  });
});

describe("the Japanese signature", () => {
  it("sets スタッフ一同 on a line of its own under the estate's name, so that a narrow screen cannot break it", () => {
    const estate = facts.estateNames.ja;
    const mail = composeDeclineReply(
      { id: "0123abcd", name: "山田", email: "a@example.jp", language: "ja" },
      "満席です。",
      { ...facts, timeZone: "Europe/Paris", durationMinutes: 60 },
      { place: estate },
    );
    expect(mail.text).toContain(`${estate}\n${translator("ja").t("mail.booking.signature", { estate: "" }).trim()}\n`);
    expect(mail.text).not.toContain(`${estate} スタッフ`);
  });
});
