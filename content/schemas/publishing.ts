import { z } from "zod";
import { icuText, partlyLocalized } from "./localized";

/**
 * A moment of the estate's clock with its offset from UTC, as the editor writes it
 * (`2026-12-01T09:30:00+01:00`, Paris time).
 */
const moment = z.iso.datetime({ offset: true, local: false, error: "must be a date and time with its offset, like 2026-12-01T09:30:00+01:00" });

/**
 * When an item goes on the site and comes off it. A build leaves out an item whose `publishAt` is
 * still to come, or whose `unpublishAt` has passed (content/index.ts); the server publishes again at
 * each of these moments (server/admin/content/schedule.ts), so the site follows them.
 */
export const scheduleFields = {
  /** Not on the site before this moment. */
  publishAt: moment.optional(),
  /** Off the site from this moment. */
  unpublishAt: moment.optional(),
};

/** What search engines show for the item, per language; the item's own title and teaser where absent. */
export const searchFields = {
  seo: z
    .strictObject({
      /** The title a results page shows (Google cuts it at about 600 pixels: some 60 Latin or 30 Chinese and Japanese characters). */
      title: partlyLocalized(icuText.pipe(z.string().max(200))).optional(),
      /** The description under it (cut at about 920 pixels on a desk: some 155–160 Latin characters). */
      description: partlyLocalized(icuText.pipe(z.string().max(400))).optional(),
    })
    .optional(),
};

/** `unpublishAt` after `publishAt`, for the schemas' refinements. */
export const scheduleInOrder = (item: { publishAt?: string; unpublishAt?: string }) =>
  item.publishAt === undefined || item.unpublishAt === undefined || Date.parse(item.unpublishAt) > Date.parse(item.publishAt);

export const scheduleOrderIssue = { message: "must come after the publication", path: ["unpublishAt"] };
