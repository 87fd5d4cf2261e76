import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fieldOf } from "../fields";
import { tourBookingForm, tourPackageIds } from "../tour-booking";

/** The packages the content describes (content/tours.json), as an editor writes them. */
const content = JSON.parse(readFileSync(new URL("../../content/tours.json", import.meta.url), "utf8")) as { packages: { id: string }[] };

describe("tour package ids", () => {
  it("are the ones content/tours.json describes, in its order", () => {
    expect(content.packages.map((tour) => tour.id)).toEqual([...tourPackageIds]);
  });

  it("are what the booking's package field accepts", () => {
    expect(fieldOf(tourBookingForm, "package").options).toEqual(["hermitage", "mongiron", "both"]);
  });
});
