import { describe, expect, it } from "vitest";
import { formatDate, formatEventDate, formatNumber, formatPrice, formatTime } from "../format";

describe("Intl formatting", () => {
  it("formats euro prices for each language, whole prices without cents", () => {
    expect(formatPrice(175, "en")).toBe("€175");
    expect(formatPrice(175, "fr")).toBe("175\u00a0€");
    expect(formatPrice(75, "es")).toBe("75\u00a0€");
    expect(formatPrice(150, "ja")).toBe("€150");
    expect(formatPrice(150, "zh")).toBe("€150");
    expect(formatPrice(149.5, "en")).toBe("€149.50");
    expect(formatPrice(149.5, "fr")).toBe("149,50\u00a0€");
  });

  it("formats plain numbers with each language's decimal sign", () => {
    expect(formatNumber(4.12, "en")).toBe("4.12");
    expect(formatNumber(4.12, "fr")).toBe("4,12");
    expect(formatNumber(4.12, "es")).toBe("4,12");
    expect(formatNumber(4.12, "ja")).toBe("4.12");
  });

  it("formats calendar dates the same everywhere, in the page's language", () => {
    expect(formatDate("2026-11-01", "en")).toBe("November 1, 2026");
    expect(formatDate("2026-11-01", "ja")).toBe("2026年11月1日");
    expect(formatDate("2026-11-01", "zh")).toBe("2026年11月1日");
    expect(formatDate("2026-11-01", "es")).toBe("1 de noviembre de 2026");
  });

  it("writes the first of the month as an ordinal in French, every other day as a number", () => {
    expect(formatDate("2026-11-01", "fr")).toBe("1er novembre 2026");
    expect(formatDate("2026-11-02", "fr")).toBe("2 novembre 2026");
    expect(formatDate("2026-11-11", "fr")).toBe("11 novembre 2026");
    expect(formatDate("2026-11-21", "fr")).toBe("21 novembre 2026");
    expect(formatDate("2027-03-01", "fr", { dateStyle: "full" })).toBe("lundi 1er mars 2027");
  });
});

describe("event dates", () => {
  it("names the weekday in each language's own way", () => {
    expect(formatEventDate("2027-02-08", "en")).toBe("Monday, February 8, 2027");
    expect(formatEventDate("2027-02-08", "fr")).toBe("lundi 8 février 2027");
    expect(formatEventDate("2027-02-08", "es")).toBe("lunes, 8 de febrero de 2027");
    expect(formatEventDate("2027-02-08", "zh")).toBe("2027年2月8日星期一");
  });

  it("gives Japanese dates the weekday in full-width brackets", () => {
    expect(formatEventDate("2027-02-08", "ja")).toBe("2027年2月8日（月）");
    expect(formatEventDate("2026-11-01", "ja")).toBe("2026年11月1日（日）");
  });

  it("writes the first of the month as an ordinal in French", () => {
    expect(formatEventDate("2027-03-01", "fr")).toBe("lundi 1er mars 2027");
  });
});

describe("event times", () => {
  it("writes French times with h and no-break spaces, and whole hours without minutes", () => {
    expect(formatTime("09:30", "fr")).toBe("9\u00a0h\u00a030");
    expect(formatTime("15:00", "fr")).toBe("15\u00a0h");
    expect(formatTime("18:05", "fr")).toBe("18\u00a0h\u00a005");
  });

  it("writes the other languages' times as Intl does", () => {
    expect(formatTime("09:30", "en")).toBe("9:30 AM");
    expect(formatTime("18:30", "en")).toBe("6:30 PM");
    expect(formatTime("15:00", "es")).toBe("15:00");
    expect(formatTime("09:30", "zh")).toBe("9:30");
    expect(formatTime("18:30", "ja")).toBe("18:30");
  });
});
