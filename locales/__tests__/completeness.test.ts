import { describe, expect, it } from "vitest";
import { languages } from "#core/languages";
import { catalogs, messagesFor } from "#locales";
import { adminCatalog, adminLanguages } from "#locales/admin";
import {
  adminDomain,
  catalogFile,
  catalogProblems,
  messageShape,
  readCatalog,
  readCatalogs,
  translatedLanguages,
  type Catalog,
} from "../../pipeline/i18n/catalogs";

const english = readCatalog("en");

/**
 * Words that stay the same in every language: names of places, estates, wines, grapes, brands
 * and networks. A message made only of these (plus placeholders, numbers and punctuation) may
 * equal the English one; any other identical message is an untranslated string.
 */
const properNames = [
  "Château L'Hermitage Lescours",
  "Château L’Hermitage Lescours",
  "Château Mongiron",
  "Saint-Émilion Grand Cru",
  "Saint-Émilion",
  "Grand Cru",
  "Cuvée 9",
  "Bordeaux",
  "Merlot",
  "Cabernet Sauvignon",
  "Cabernet Franc",
  "Instagram",
  "Facebook",
  "LinkedIn",
  "YouTube",
  "Airbnb",
  "Booking.com",
];
/**
 * Messages whose text is the same in every language by law or by nature: the health message, a
 * number, units and a unit's symbol, the calendar file's name where a language keeps it in Latin letters.
 */
const sameEverywhere = new Set([
  "footer.healthMessage",
  "notFound.code",
  "importer.presence.atLeast",
  "wine.volumeUnit",
  "wine.volumeCl",
  "wine.volumeMl",
  "mail.booking.calendarFile",
]);
/** Words a language shares with English: French sheets say « Production » too. */
const sameInLanguage: Partial<Record<(typeof translatedLanguages)[number], string[]>> = { fr: ["wine.specs.production", "dataExport.notes"] };

function onlyProperNames(text: string): boolean {
  // Placeholders and the tags around them are not words to translate.
  let rest = text.replace(/\{[^{}]*\}/g, " ").replace(/<\/?[a-z]+>/g, " ");
  for (const name of properNames) rest = rest.split(name).join(" ");
  return /^[\s\d.,:;!?()'’"&%+/—–·#-]*$/.test(rest);
}

describe("the message catalogs (locales/messages.pot and locales/<lang>.po)", () => {
  it("compile: every language has every message, translated from the current English, with the same placeholders and tags", () => {
    expect(catalogProblems(readCatalogs())).toEqual([]);
  });

  it.each(translatedLanguages)("%s translates every message that is not a proper name", (lang) => {
    const catalog = readCatalog(lang);
    const untranslated = [...english.values()].filter(
      (entry) =>
        catalog.get(entry.id)?.text === entry.english &&
        !sameEverywhere.has(entry.id) &&
        !sameInLanguage[lang]?.includes(entry.id) &&
        !onlyProperNames(entry.english),
    );
    expect(untranslated.map((entry) => `${entry.id}: ${entry.english}`)).toEqual([]);
  });

  it("give every message a namespace (its id's first segment) and a name below it", () => {
    expect([...english.keys()].filter((id) => !/^[a-z][a-zA-Z]*\.[a-zA-Z0-9.]+$/.test(id))).toEqual([]);
  });

  it("compile into the runtime catalogs the site reads, one per language with the same ids", () => {
    for (const lang of languages) expect(Object.keys(catalogs[lang]).sort(), lang).toEqual([...english.keys()].sort());
    expect(Object.keys(messagesFor("fr", ["nav"])).every((id) => id.startsWith("nav."))).toBe(true);
  });
});

describe("a broken catalog", () => {
  /** The catalogs with `change` applied to a copy of one language's. */
  function problemsWith(lang: (typeof translatedLanguages)[number], change: (catalog: Catalog) => void): string[] {
    const catalogs = readCatalogs();
    const copy: Catalog = new Map([...catalogs[lang]].map(([id, entry]) => [id, { ...entry }]));
    change(copy);
    return catalogProblems({ ...catalogs, [lang]: copy });
  }

  it("names a missing, an extra, an empty and a fuzzy message", () => {
    const problems = problemsWith("ja", (catalog) => {
      catalog.delete("nav.home");
      catalog.set("nav.nowhere", { id: "nav.nowhere", english: "Nowhere", text: "どこにも", fuzzy: false });
      catalog.get("nav.shop")!.text = "";
      catalog.get("nav.villa")!.fuzzy = true;
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "ja.po: nav.home: missing (run npm run i18n:sync)",
        "ja.po: nav.nowhere: not in messages.pot (run npm run i18n:sync)",
        "ja.po: nav.shop: not translated",
        "ja.po: nav.villa: marked fuzzy: review the translation and remove the flag",
      ]),
    );
  });

  it("names a translation made from an older English text", () => {
    const problems = problemsWith("fr", (catalog) => {
      catalog.get("nav.home")!.english = "Homepage";
    });
    expect(problems).toEqual(["fr.po: nav.home: translated from an older English text (run npm run i18n:sync, then review)"]);
  });

  it("names a dropped placeholder, a renamed tag and broken ICU syntax", () => {
    const problems = problemsWith("es", (catalog) => {
      catalog.get("cart.open")!.text = "Abrir la cesta";
      catalog.get("ageGate.agreement")!.text = catalog.get("ageGate.agreement")!.text.replaceAll("terms>", "condiciones>");
      catalog.get("footer.copyright")!.text = "© {year Château";
    });
    expect(problems.join("\n")).toMatch(/es\.po: cart\.open: placeholders or tags differ from English/);
    expect(problems.join("\n")).toMatch(/es\.po: ageGate\.agreement: placeholders or tags differ from English/);
    expect(problems.join("\n")).toMatch(/es\.po: footer\.copyright: not valid ICU MessageFormat/);
  });
});

describe("messageShape", () => {
  it("lists the arguments and tags of a message, plural branches included", () => {
    expect(messageShape("{count, plural, one {# item for {name}} other {# items}} <terms>Terms</terms>")).toEqual({ args: ["count", "name"], tags: ["terms"] });
  });
});

describe("the staff inbox's catalogs (locales/admin/messages.pot and locales/admin/fr.po)", () => {
  const adminEnglish = readCatalog("en", catalogFile("en", adminDomain));

  it("compile: French has every message, translated from the current English, with the same placeholders", () => {
    expect(catalogProblems(readCatalogs(adminDomain), adminDomain)).toEqual([]);
  });

  it("are in English and French only, the languages the runtime offers", () => {
    expect([...adminDomain.languages]).toEqual([...adminLanguages]);
  });

  it("translate every message into French", () => {
    const french = readCatalog("fr", catalogFile("fr", adminDomain));
    const same = new Set([
      "inbox.column.page",
      "inbox.paging",
      "inbox.export.format",
      "mail.title",
      "inbox.column.email",
      "audit.column.action",
      "action.exported",
      "schedule.date.day",
      "field.notes",
      "sheet.notes",
      "privacy.mails",
      "secondFactor.code",
      "field.email",
      "field.message",
      "layout.nav.contactMessage",
      "layout.menu",
      "reply.body",
      "content.field.photo",
      "estateMail.subject",
      "estateMail.subject.contactMessage",
      "guest.tag.VIP",
      "guest.tagShort.VIP",
      "vouchers.code",
      "reports.totals",
      // The same word in French (names of networks, of the appellation, of a format; a field with its language in brackets).
      "content.field.badge",
      "content.choice.bronze",
      "vouchers.column.note",
      "content.field.appellation",
      "content.field.latitude",
      "content.field.longitude",
      "content.field.contact",
      "content.field.siret",
      "content.field.instagram",
      "content.field.facebook",
      "content.field.linkedin",
      "content.change.inLanguage",
      "content.step.took",
      "content.choice.premium",
      "content.choice.terroir",
      "content.choice.product",
      "content.choice.acquisition",
      "content.choice.festival",
      "newsletter.field.picture",
    ]);
    const untranslated = [...adminEnglish.values()].filter((entry) => french.get(entry.id)?.text === entry.english && !same.has(entry.id));
    expect(untranslated.map((entry) => `${entry.id}: ${entry.english}`)).toEqual([]);
  });

  it("compile into the runtime catalogs, with the same ids in both languages, and no id shared with the site's", () => {
    for (const lang of adminLanguages) expect(Object.keys(adminCatalog(lang)).sort(), lang).toEqual([...adminEnglish.keys()].sort());
    expect([...adminEnglish.keys()].filter((id) => english.has(id))).toEqual([]);
    expect([...adminEnglish.keys()].filter((id) => !/^[a-z][a-zA-Z]*\.[a-zA-Z0-9.]+$/.test(id))).toEqual([]);
  });

  it("name a broken French message with its file", () => {
    const catalogs = readCatalogs(adminDomain);
    const copy: Catalog = new Map([...catalogs.fr].map(([id, entry]) => [id, { ...entry }]));
    copy.get("inbox.count")!.text = "demandes";
    copy.delete("layout.title");
    expect(catalogProblems({ ...catalogs, fr: copy }, adminDomain)).toEqual(
      expect.arrayContaining([
        "admin/fr.po: layout.title: missing (run npm run i18n:sync)",
        expect.stringMatching(/^admin\/fr\.po: inbox\.count: placeholders or tags differ/),
      ]),
    );
  });
});
