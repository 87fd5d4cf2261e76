import { describe, expect, it } from "vitest";
import { knownSubjects, subjectFromQuery, subjectMaxLength } from "../subject";

const translate = (key: string) => `«${key}»`;

describe("subjectFromQuery", () => {
  it("gives nothing without a subject", () => {
    expect(subjectFromQuery(null, translate)).toBe("");
    expect(subjectFromQuery("   ", translate)).toBe("");
  });

  it.each(Object.entries(knownSubjects))("turns %s into its translated subject", (name, key) => {
    expect(subjectFromQuery(name, translate)).toBe(`«${key}»`);
    expect(subjectFromQuery(` ${name} `, translate)).toBe(`«${key}»`);
  });

  it("uses any other text as written, trimmed", () => {
    expect(subjectFromQuery("  Inquiry: Château 2019  ", translate)).toBe("Inquiry: Château 2019");
    expect(subjectFromQuery("toString", translate)).toBe("toString");
  });

  it("removes control characters and cuts long text to the field's limit", () => {
    expect(subjectFromQuery("a\nb\u0000c", translate)).toBe("a b c");
    const long = subjectFromQuery("é".repeat(500), translate);
    expect([...long]).toHaveLength(subjectMaxLength);
  });
});
