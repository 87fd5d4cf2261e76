import { describe, expect, it } from "vitest";
import { formatDate, formatPrice } from "../format";

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
