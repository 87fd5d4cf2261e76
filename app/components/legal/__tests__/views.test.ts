/**
 * The legal pages as the build renders them (route loaders call these views), in every language:
 * what French and Spanish law require them to name, filled in from content/site.json.
 */
import { describe, expect, it } from "vitest";
import { content, type LegalPageId } from "#content";
import { postalAddress } from "#content/address";
import { languages, type Language } from "#core/languages";
import { localizePath, pagePaths } from "#core/paths";
import { legalPageView, legalValues } from "../views.server";

const { site } = content;
const pagePath: Record<LegalPageId, string> = { "legal-notice": pagePaths.legalNotice, privacy: pagePaths.privacy, terms: pagePaths.terms };

/** A legal page's whole text in a language, as its loader hands it to the page. */
function pageText(page: LegalPageId, lang: Language): string {
  const view = legalPageView(content, page, new Request(`http://localhost${localizePath(lang, pagePath[page])}`));
  return view.sections.map((section) => [section.title, ...section.paragraphs].join("\n")).join("\n\n");
}

/** The section of a page with this id, in a language. */
function section(page: LegalPageId, lang: Language, id: string) {
  return legalPageView(content, page, new Request(`http://localhost${localizePath(lang, pagePath[page])}`)).sections.find((s) => s.id === id);
}

describe.each(languages)("the legal pages in %s", (lang) => {
  it("name on the legal notice what LCEN art. 6-III requires: company, legal form, capital, RCS, SIRET, VAT, director, host", () => {
    const text = pageText("legal-notice", lang);
    const facts = legalValues(content, lang);
    const required = {
      legalName: facts.legalName,
      legalForm: facts.legalForm,
      shareCapital: facts.shareCapital,
      registration: facts.registration,
      siret: facts.siret,
      vatNumber: facts.vatNumber,
      publicationDirector: facts.publicationDirector,
      registeredOffice: postalAddress(site.address, lang),
      email: site.contact.email,
      phone: site.contact.phone,
      hostName: facts.hostName,
      hostAddress: facts.hostAddress,
      hostPhone: facts.hostPhone,
    };
    const missing = Object.entries(required).filter(([, value]) => !text.includes(value));
    expect(missing.map(([field]) => field)).toEqual([]);
  });

  it("name in the terms the consumer mediator (Code de la consommation L612-1): name, address, website", () => {
    const mediation = section("terms", lang, "mediation");
    expect(mediation).toBeDefined();
    const text = mediation!.paragraphs.join("\n");
    const { mediatorName, mediatorAddress, mediatorUrl } = legalValues(content, lang);
    for (const value of [mediatorName, mediatorAddress, mediatorUrl]) expect(text).toContain(value);
  });

  it("give in the terms a withdrawal form addressed to the company, with a line for each thing the buyer fills in", () => {
    const form = section("terms", lang, "withdrawal-form");
    expect(form).toBeDefined();
    const text = form!.paragraphs.join("\n");
    for (const value of [legalValues(content, lang).legalName, postalAddress(site.address, lang), site.contact.email]) expect(text).toContain(value);
    // The wines, the order and delivery dates, the buyer's name, address and signature, the date: six blanks.
    expect(text.match(/…/g)?.length).toBe(6);
  });

  it("give in the terms the delivery deadline (L216-1 to L216-3) and the legal guarantees of conformity and hidden defects", () => {
    const delivery = section("terms", lang, "delivery")?.paragraphs.join("\n") ?? "";
    expect(delivery).toMatch(/L\.?\s?216-1/);
    expect(delivery).toMatch(/30/);
    const guarantees = section("terms", lang, "guarantees")?.paragraphs.join("\n") ?? "";
    for (const article of [/L\.?\s?217-3/, /1641/]) expect(guarantees).toMatch(article);
    expect(guarantees).toContain(site.contact.email);
  });

  it("name in the privacy policy the company responsible for the data (GDPR art. 13)", () => {
    const controller = section("privacy", lang, "controller");
    expect(controller?.paragraphs.join("\n")).toContain(legalValues(content, lang).legalName);
  });

  it("leave no placeholder unfilled on any legal page", () => {
    for (const page of ["legal-notice", "privacy", "terms"] as const) expect(pageText(page, lang)).not.toMatch(/[{}]/);
  });
});

describe("the Spanish legal notice", () => {
  it("names the NIF and the registry entry (LSSI art. 10)", () => {
    const text = pageText("legal-notice", "es");
    expect(text).toMatch(/NIF[^\n]*: [^\n]*/);
    const facts = legalValues(content, "es");
    expect(text).toContain(`NIF-IVA: ${facts.vatNumber}`);
    expect(text).toContain(facts.registration);
  });
});

/**
 * The box décret n° 2022-946 requires in the terms of a seller to consumers: the annex to article
 * D. 211-2 of the Code de la consommation (model A, goods), as Légifrance publishes it. Held here
 * a second time, by hand, so that no edit of the content file can change a word unnoticed.
 */
const officialBox = [
  "Le consommateur dispose d'un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en cas d'apparition d'un défaut de conformité. Durant ce délai, le consommateur n'est tenu d'établir que l'existence du défaut de conformité et non la date d'apparition de celui-ci.",
  "Lorsque le contrat de vente du bien prévoit la fourniture d'un contenu numérique ou d'un service numérique de manière continue pendant une durée supérieure à deux ans, la garantie légale est applicable à ce contenu numérique ou ce service numérique tout au long de la période de fourniture prévue. Durant ce délai, le consommateur n'est tenu d'établir que l'existence du défaut de conformité affectant le contenu numérique ou le service numérique et non la date d'apparition de celui-ci.",
  "La garantie légale de conformité emporte obligation pour le professionnel, le cas échéant, de fournir toutes les mises à jour nécessaires au maintien de la conformité du bien.",
  "La garantie légale de conformité donne au consommateur droit à la réparation ou au remplacement du bien dans un délai de trente jours suivant sa demande, sans frais et sans inconvénient majeur pour lui.",
  "Si le bien est réparé dans le cadre de la garantie légale de conformité, le consommateur bénéficie d'une extension de six mois de la garantie initiale.",
  "Si le consommateur demande la réparation du bien, mais que le vendeur impose le remplacement, la garantie légale de conformité est renouvelée pour une période de deux ans à compter de la date de remplacement du bien.",
  "Le consommateur peut obtenir une réduction du prix d'achat en conservant le bien ou mettre fin au contrat en se faisant rembourser intégralement contre restitution du bien, si :",
  "1° Le professionnel refuse de réparer ou de remplacer le bien ;",
  "2° La réparation ou le remplacement du bien intervient après un délai de trente jours ;",
  "3° La réparation ou le remplacement du bien occasionne un inconvénient majeur pour le consommateur, notamment lorsque le consommateur supporte définitivement les frais de reprise ou d'enlèvement du bien non conforme, ou s'il supporte les frais d'installation du bien réparé ou de remplacement ;",
  "4° La non-conformité du bien persiste en dépit de la tentative de mise en conformité du vendeur restée infructueuse.",
  "Le consommateur a également droit à une réduction du prix du bien ou à la résolution du contrat lorsque le défaut de conformité est si grave qu'il justifie que la réduction du prix ou la résolution du contrat soit immédiate. Le consommateur n'est alors pas tenu de demander la réparation ou le remplacement du bien au préalable.",
  "Le consommateur n'a pas droit à la résolution de la vente si le défaut de conformité est mineur.",
  "Toute période d'immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu'à la délivrance du bien remis en état.",
  "Les droits mentionnés ci-dessus résultent de l'application des articles L. 217-1 à L. 217-32 du code de la consommation.",
  "Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d'un montant maximal de 300 000 euros, qui peut être porté jusqu'à 10 % du chiffre d'affaires moyen annuel (article L. 241-5 du code de la consommation).",
  "Le consommateur bénéficie également de la garantie légale des vices cachés en application des articles 1641 à 1649 du code civil, pendant une durée de deux ans à compter de la découverte du défaut. Cette garantie donne droit à une réduction de prix si le bien est conservé ou à un remboursement intégral contre restitution du bien.",
];

/** The words alone: French typography's apostrophe (’) and no-break spaces read as Légifrance's ' and spaces. */
const words = (text: string) =>
  text
    .replaceAll("’", "'")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the legal-guarantee box of the terms (décret n° 2022-946, Code de la consommation D. 211-2)", () => {
  it("gives /fr/terms the official text word for word, in a box of its own", () => {
    const box = section("terms", "fr", "guarantee-box");
    expect(box?.boxed).toBe(true);
    expect(words(box!.paragraphs.join("\n"))).toBe(words(officialBox.join("\n")));
  });

  it.each(languages.filter((lang) => lang !== "fr"))("gives the %s terms a boxed translation with the same articles, amounts and items", (lang) => {
    const box = section("terms", lang, "guarantee-box");
    expect(box?.boxed).toBe(true);
    const text = box!.paragraphs.join("\n");
    for (const article of [/L\.?\s?217-1/, /L\.?\s?217-32/, /L\.?\s?241-5/, /1641/, /1649/, /D\.?\s?211-2/]) expect(text).toMatch(article);
    expect(text).toMatch(/30|treinta|thirty/);
    expect(text).toMatch(/300[,\s\u00a0\u202f]000|30\s?万/);
    expect(text.split("\n").filter((line) => /^(\(\d\)|（\d）|\d\.º)/.test(line))).toHaveLength(4);
  });

  it("keeps the other sections out of a box, and the explanation of the guarantees before it", () => {
    const sections = legalPageView(content, "terms", new Request("http://localhost/fr/terms")).sections;
    expect(sections.filter((s) => s.boxed).map((s) => s.id)).toEqual(["guarantee-box"]);
    expect(sections.findIndex((s) => s.id === "guarantees")).toBe(sections.findIndex((s) => s.id === "guarantee-box") - 1);
  });
});

describe("the French legal pages' sentences", () => {
  it("write the street as French prose does (« 860, route du Menhir »), the legal notice's registered office too (FN5)", () => {
    const prose = [
      section("terms", "fr", "guarantees"),
      section("terms", "fr", "mediation"),
      section("terms", "fr", "withdrawal"),
      section("privacy", "fr", "controller"),
    ];
    for (const found of prose) expect(found?.paragraphs.join("\n")).toContain(`${site.address.streetInText}, ${site.address.postalCode}`);
    expect(prose.map((found) => found?.paragraphs.join("\n")).join("\n")).not.toContain(site.address.street);
    expect(pageText("legal-notice", "fr")).toContain(`${site.address.streetInText}, ${site.address.postalCode}`);
    expect(pageText("legal-notice", "fr")).not.toContain(site.address.street);
  });
});

/**
 * What the paid path's terms and the privacy policy must say in every language (the native
 * readers of 29 November 2026, N7/N8 and zh/ja N3/N4), read from the built view of each page:
 * the words each language's law or readers know the clause by, and the article it rests on.
 */
const paidPath: Record<Language, { deposit: RegExp; noShow: RegExp; voucher: RegExp; twelveMonths: RegExp; minimum: RegExp; private: RegExp }> = {
  en: { deposit: /deposit/, noShow: /do not come/, voucher: /gift voucher/i, twelveMonths: /twelve months/, minimum: /minimum/, private: /private tour/i },
  fr: {
    deposit: /acompte/,
    noShow: /ne vous présentez pas/,
    voucher: /bon cadeau/i,
    twelveMonths: /douze mois/,
    minimum: /nombre minimum/,
    private: /visite privée/i,
  },
  es: {
    deposit: /señal/,
    noShow: /no acude/,
    voucher: /bono regalo/i,
    twelveMonths: /doce meses/,
    minimum: /mínimo de participantes/,
    private: /visita privada/i,
  },
  zh: { deposit: /定金/, noShow: /未到场/, voucher: /礼品券/, twelveMonths: /12 个月/, minimum: /最低成团人数/, private: /私人专场/ },
  ja: {
    deposit: /予約金（デポジット）/,
    noShow: /お越しにならなかった/,
    voucher: /ギフト券/,
    twelveMonths: /12か月/,
    minimum: /最少催行人数/,
    private: /貸切ツアー/,
  },
};

describe.each(languages)("the paid path's terms and privacy policy in %s", (lang) => {
  const text = (page: LegalPageId, id: string) => section(page, lang, id)?.paragraphs.join("\n") ?? "";
  const words = paidPath[lang];

  it("say what a deposit is, when it is refunded and that a no-show keeps it (an « acompte », L. 214-1)", () => {
    const deposits = text("terms", "tour-deposits");
    expect(deposits).toMatch(words.deposit);
    expect(deposits).toMatch(words.noShow);
    expect(deposits).toMatch(/24/);
    if (lang === "fr") expect(deposits).toMatch(/acompte, et non des arrhes \(article L\. 214-1/);
  });

  it("say how a gift voucher is used, for how long, that it is no cash and comes back when a booking is cancelled", () => {
    const vouchers = text("terms", "vouchers");
    expect(vouchers).toMatch(words.voucher);
    expect(vouchers).toMatch(words.twelveMonths);
  });

  it("say what a minimum group, a group price, a private tour and a tour the estate confirms mean, and where the rest is paid", () => {
    expect(text("terms", "tour-minimum")).toMatch(words.minimum);
    expect(text("terms", "tour-prices")).toMatch(words.private);
    expect(text("terms", "visits")).toMatch(/48/);
    expect(text("terms", "visits")).toContain(site.contact.phone);
  });

  it("name Stripe, where it is, and the safeguard of its transfers; the guest records; the thank-you e-mail and how to refuse it; ten years of accounting records", () => {
    const payments = text("privacy", "payments");
    expect(payments).toContain("Stripe Payments Europe, Limited");
    expect(payments).toMatch(/Dublin|Dublín/);
    expect(payments).toContain("https://stripe.com/privacy");
    expect(text("privacy", "guests")).toMatch(/9/);
    expect(text("privacy", "thanks")).toMatch(/L\.\s?34-5/);
    if (lang === "es") expect(text("privacy", "thanks")).toMatch(/21\.2/);
    expect(text("privacy", "forms")).toMatch(/L\.\s?123-22/);
  });
});

/** How each language cites an article with a letter (L., D., R.): « L. 221-28 », 「第 L. 221-28 条」, 「L.221-28条」 (N14, S4). */
const citationStyle: Record<Language, { kept: RegExp; other: RegExp }> = {
  en: { kept: /\b[LDR]\. \d/, other: /\b[LDR]\d|\b[LDR]\.\d/ },
  fr: { kept: /\b[LDR]\. \d/, other: /\b[LDR]\d|\b[LDR]\.\d/ },
  es: { kept: /\b[LDR]\. \d/, other: /\b[LDR]\d|\b[LDR]\.\d/ },
  zh: { kept: /第 [LDR]\. \d[\d-]* 条/, other: /第[LDR]|[LDR]\d|[LDR]\.\d|\d条|第\d/ },
  ja: { kept: /[LDR]\.\d[\d-]*条/, other: /[LDR]\d|[LDR]\. \d|第[LDR]/ },
};

describe.each(languages)("the legal pages in %s cite their articles", (lang) => {
  it("in one style", () => {
    // The Irish postcode of an address (D02 H210) is no article.
    const all = (["legal-notice", "privacy", "terms"] as const)
      .map((page) => pageText(page, lang))
      .join("\n")
      .replaceAll("D02 H210", "");
    expect(all).toMatch(citationStyle[lang].kept);
    expect(all.match(new RegExp(citationStyle[lang].other, "g")) ?? []).toEqual([]);
  });
});

describe("the Spanish terms' guarantee box", () => {
  it("links the French text with words, not the bare address (S4)", () => {
    const box = section("terms", "es", "guarantee-box")!.paragraphs[0]!;
    expect(box).toContain("[versión francesa de estas condiciones](/fr/terms)");
  });
});
