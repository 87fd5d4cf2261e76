import { describe, expect, it } from "vitest";
import { findTourPackage, guideLanguageList, tourPackages } from "../tours-data";

describe("tour data", () => {
  it("finds a package by id, and none for no selection", () => {
    expect(findTourPackage("mongiron")?.price).toBe(50);
    expect(findTourPackage(null)).toBeUndefined();
    expect(tourPackages.map((p) => p.id)).toEqual(["hermitage", "mongiron", "both"]);
  });

  it("names the guides' languages in the page's language", () => {
    expect(guideLanguageList("en")).toBe("French and Chinese");
    expect(guideLanguageList("fr")).toBe("français et chinois");
    expect(guideLanguageList("es")).toBe("francés y chino");
  });
});
