import { describe, expect, it } from "vitest";
import { interpolate, lookup, translate } from "../i18n/translate";
import { formatDate, formatPrice } from "#core/format";

const messages = { nav: { home: "Home" }, footer: { copyright: "© {{year}} Estate" }, broken: { leaf: { deeper: "x" } } };

describe("translate", () => {
  it("finds dotted keys and fills placeholders", () => {
    expect(translate(messages, "nav.home")).toBe("Home");
    expect(translate(messages, "footer.copyright", { year: 2026 })).toBe("© 2026 Estate");
  });

  it("renders a missing key as the key itself (spec §1)", () => {
    expect(translate(messages, "nav.shop")).toBe("nav.shop");
    expect(translate(messages, "nav.home.extra")).toBe("nav.home.extra");
    // A branch is not a string either.
    expect(translate(messages, "broken.leaf")).toBe("broken.leaf");
  });

  it("never reads inherited properties as translations", () => {
    expect(lookup(messages, "constructor")).toBeUndefined();
    expect(translate(messages, "nav.__proto__")).toBe("nav.__proto__");
  });

  it("leaves unknown placeholders visible", () => {
    expect(interpolate("Hello {{name}}", {})).toBe("Hello {{name}}");
  });
});

describe("Intl formatting", () => {
  it("formats euro prices for each language", () => {
    expect(formatPrice(175, "en")).toBe("€175.00");
    expect(formatPrice(175, "fr")).toBe("175,00\u00a0€");
    expect(formatPrice(75, "es")).toBe("75,00\u00a0€");
    expect(formatPrice(150, "ja")).toBe("€150.00");
    expect(formatPrice(150, "zh")).toBe("€150.00");
  });

  it("formats calendar dates the same everywhere, in the page's language", () => {
    expect(formatDate("2026-11-01", "en")).toBe("November 1, 2026");
    expect(formatDate("2026-11-01", "fr")).toBe("1 novembre 2026");
    expect(formatDate("2026-11-01", "ja")).toBe("2026年11月1日");
    expect(formatDate("2026-11-01", "zh")).toBe("2026年11月1日");
  });
});
