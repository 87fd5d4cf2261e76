import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readContent } from "../index";
import { contentDir, problemsAfter } from "./support";

/**
 * Scheduled items and drafts in place of a file: a build for a moment leaves out what is
 * not on the site then; the editor's live preview reads one item from its unsaved form.
 */
const harvest = JSON.parse(readFileSync(join(contentDir, "news", "harvest-2026.json"), "utf8")) as Record<string, unknown>;

describe("scheduled items", () => {
  it("leaves out an item before its publishAt and from its unpublishAt, as of the moment asked for", () => {
    const overrides = { "news/harvest-2026.json": { ...harvest, publishAt: "2026-12-01T10:30:00+01:00", unpublishAt: "2026-12-31T00:00:00+01:00" } };
    const ids = (asOf: Date | null) => readContent(contentDir, { overrides, asOf }).news.map((item) => item.id);
    expect(ids(new Date("2026-12-01T09:29:59Z"))).not.toContain("harvest-2026");
    expect(ids(new Date("2026-12-01T09:30:00Z"))).toContain("harvest-2026");
    expect(ids(new Date("2026-12-30T22:59:59Z"))).toContain("harvest-2026");
    expect(ids(new Date("2026-12-30T23:00:00Z"))).not.toContain("harvest-2026");
    // The live preview shows the item whatever its schedule.
    expect(ids(null)).toContain("harvest-2026");
  });

  it("refuses a moment without its offset, and an unpublishing that comes before the publishing", () => {
    expect(problemsAfter(({ read, write }) => write("news/harvest-2026.json", { ...read("news/harvest-2026.json"), publishAt: "2026-12-01 10:30" }))).toContain(
      "news/harvest-2026.json: publishAt:",
    );
    expect(
      problemsAfter(({ read, write }) =>
        write("events/harvest-blessing-2026.json", {
          ...read("events/harvest-blessing-2026.json"),
          publishAt: "2026-12-02T10:00:00+01:00",
          unpublishAt: "2026-12-01T10:00:00+01:00",
        }),
      ),
    ).toContain("events/harvest-blessing-2026.json: unpublishAt: must come after the publication");
  });
});

describe("a draft in place of a file", () => {
  it("reads an unsaved item, new or changed, instead of the folder's file, and a null as a file taken away", () => {
    const draft = { ...harvest, title: { ...(harvest.title as object), fr: "Titre du brouillon" } };
    const read = readContent(contentDir, {
      overrides: { "news/harvest-2026.json": draft, "news/brand-new-2027.json": { ...harvest, date: "2027-01-02" }, "news/asia-partnership.json": null },
    });
    expect(read.news.find((item) => item.id === "harvest-2026")?.title.fr).toBe("Titre du brouillon");
    expect(read.news[0]?.id).toBe("brand-new-2027");
    expect(read.news.map((item) => item.id)).not.toContain("asia-partnership");
  });
});
