import { describe, expect, it } from "vitest";
import { cutToLength, isPlainText, isWellFormedText, neutraliseLine, neutraliseText } from "../text";

describe("text hygiene", () => {
  it("tells damaged text from whole text", () => {
    expect(["a\ud800", "\udfffa", "caf\ufffd", "\ud83d"].map(isWellFormedText)).toEqual([false, false, false, false]);
    expect(["café", "上海酒业", "🍇 grapes", "العربية", ""].map(isWellFormedText)).toEqual([true, true, true, true, true]);
  });

  it("tells text with control or bidi characters from plain text", () => {
    expect(["a\u0000", "a\tb", "a\u0085", "a\u2028", "a\u202eb", "a\u2066"].map(isPlainText)).toEqual([false, false, false, false, false, false]);
    expect(["https://vins.example/a?b=c", "/fr/contact", "a\u200eb"].map(isPlainText)).toEqual([true, true, true]);
  });

  it("makes one line of a name or subject", () => {
    expect(neutraliseLine("Ada\r\n\u0000Lovelace")).toBe("Ada Lovelace");
    expect(neutraliseLine("\u202eevil\u202c \u2067x\u2069")).toBe("evil x");
    expect(neutraliseLine("مرحبا Ada")).toBe("مرحبا Ada");
  });

  it("keeps a message's lines and tabs", () => {
    expect(neutraliseText("a\r\n\tb\u0000\u0008c\u007f")).toBe("a\r\n\tbc");
  });

  it("cuts text to a length without splitting a character in two", () => {
    expect(cutToLength("abc", 5)).toBe("abc");
    expect(cutToLength("abcdef", 3)).toBe("abc");
    expect(cutToLength("ab🍇c", 3)).toBe("ab");
    expect(cutToLength("ab🍇c", 4)).toBe("ab🍇");
  });
});
