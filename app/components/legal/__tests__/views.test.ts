/**
 * The legal pages as the build renders them (route loaders call these views), in every language:
 * what French and Spanish law require them to name, filled in from content/site.json.
 */
import { describe, expect, it } from "vitest";
import { content, type LegalPageId } from "#content";
import { postalAddress } from "#content/address";
import { languages, type Language } from "#core/languages";
import { localizePath, pagePaths } from "#core/paths";
import { legalPageView } from "../views.server";

const { site } = content;
const pagePath: Record<LegalPageId, string> = { "legal-notice": pagePaths.legalNotice, privacy: pagePaths.privacy, terms: pagePaths.terms };

/** A legal page's whole text in a language, as its loader hands it to the page. */
function pageText(page: LegalPageId, lang: Language): string {
  const view = legalPageView(page, new Request(`http://localhost${localizePath(lang, pagePath[page])}`));
  return view.sections.map((section) => [section.title, ...section.paragraphs].join("\n")).join("\n\n");
}

/** The section of a page with this id, in a language. */
function section(page: LegalPageId, lang: Language, id: string) {
  return legalPageView(page, new Request(`http://localhost${localizePath(lang, pagePath[page])}`)).sections.find((s) => s.id === id);
}

describe.each(languages)("the legal pages in %s", (lang) => {
  it("name on the legal notice what LCEN art. 6-III requires: company, legal form, capital, RCS, SIRET, VAT, director, host", () => {
    const text = pageText("legal-notice", lang);
    const { company, host, contact } = site;
    const required = {
      legalName: company.legalName,
      legalForm: company.legalForm,
      shareCapital: company.shareCapital,
      registration: company.registration,
      siret: company.siret,
      vatNumber: company.vatNumber,
      publicationDirector: company.publicationDirector,
      registeredOffice: postalAddress(site.address, lang),
      email: contact.email,
      phone: contact.phone,
      hostName: host.name,
      hostAddress: host.address,
      hostPhone: host.phone,
    };
    const missing = Object.entries(required).filter(([, value]) => !text.includes(value));
    expect(missing.map(([field]) => field)).toEqual([]);
  });

  it("name in the terms the consumer mediator (Code de la consommation L612-1): name, address, website", () => {
    const mediation = section("terms", lang, "mediation");
    expect(mediation).toBeDefined();
    const text = mediation!.paragraphs.join("\n");
    const { name, address, url } = site.consumerMediator;
    for (const value of [name, address, url]) expect(text).toContain(value);
  });

  it("give in the terms a withdrawal form addressed to the company, with a line for each thing the buyer fills in", () => {
    const form = section("terms", lang, "withdrawal-form");
    expect(form).toBeDefined();
    const text = form!.paragraphs.join("\n");
    for (const value of [site.company.legalName, postalAddress(site.address, lang), site.contact.email]) expect(text).toContain(value);
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
    expect(controller?.paragraphs.join("\n")).toContain(site.company.legalName);
  });

  it("leave no placeholder unfilled on any legal page", () => {
    for (const page of ["legal-notice", "privacy", "terms"] as const) expect(pageText(page, lang)).not.toMatch(/[{}]/);
  });
});

describe("the Spanish legal notice", () => {
  it("names the NIF and the registry entry (LSSI art. 10)", () => {
    const text = pageText("legal-notice", "es");
    expect(text).toMatch(/NIF[^\n]*: [^\n]*/);
    expect(text).toContain(`NIF-IVA: ${site.company.vatNumber}`);
    expect(text).toMatch(new RegExp(`[Rr]egistr[^\\n]*${site.company.registration.replace(/[()]/g, "\\$&")}`));
  });
});
