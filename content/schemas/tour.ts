import { z } from "zod";
import { localizedText } from "./localized";

/** A package's ribbon: the spec names `premium` (L'Hermitage Lescours) and `mostPopular` (both châteaux). */
const tourBadges = ["premium", "discovery", "mostPopular"] as const;

/** A bookable tour (spec §3, §9), in the order the page shows them. */
const tourPackageSchema = z.strictObject({
  /** The booking form's `package` value: the form definition lists the same ids (forms/). */
  id: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
  /** Price per person in euros (spec §9: 65, 50, 75). */
  price: z.number().positive(),
  /**
   * Prices for larger groups (sample content, content/README.md): from `from` people on, another
   * price per person or one price for the whole group; the largest `from` a group reaches applies.
   */
  groupPrices: z
    .array(
      z.union([
        z.strictObject({ from: z.number().int().min(2), perPerson: z.number().positive() }),
        z.strictObject({ from: z.number().int().min(2), perGroup: z.number().positive() }),
      ]),
    )
    .default([])
    .refine((tiers) => new Set(tiers.map((tier) => tier.from)).size === tiers.length, "each group size may start one price only"),
  /** A private tour's price for the whole group (the time then closes to others); absent: no private tours of this package. */
  privatePrice: z.number().positive().optional(),
  /** The wines poured on this tour, by id (wines/<id>.json): the thank-you e-mail after the visit names them with their shop pages. */
  // `choicesFrom`: the content editor offers the shop's wines by name (server/admin/content/form-model.ts).
  wines: z
    .array(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "must be a wine's id")
        .meta({ choicesFrom: "wines" }),
    )
    .default([]),
  badge: z.enum(tourBadges),
  /** The package includes printed tasting notes (spec §9: the both-châteaux tour). */
  tastingNotes: z.boolean(),
  title: localizedText,
  /** What is tasted. */
  wine: localizedText,
  /** What is visited. */
  tour: localizedText,
  /** How the booking form names the chosen package. */
  selectedLabel: localizedText,
  /**
   * Where the guests meet and how they get there (sample content, content/README.md): at the estate
   * (`estate`, site.json's address) or at its sister estate next door (`sisterEstate`, its address in
   * site.json), and one short line on getting there, and on a tour of both châteaux, from one to the
   * other. The tours page, the booking form and the visitor's e-mails name it (content/meeting-point.ts).
   */
  meetingPoint: z.strictObject({
    at: z.enum(["estate", "sisterEstate"]),
    directions: localizedText,
  }),
});

/** Facts shared by every tour (spec §9). */
const tourFactsSchema = z.strictObject({
  /** Length of a visit in minutes. */
  durationMinutes: z.number().int().positive(),
  /** Largest group a guide takes. */
  maxGroupSize: z.number().int().positive(),
  /** Tours run every day, on appointment only. */
  dailyByAppointment: z.boolean(),
  /** Whether the estate arranges transport (it does not). */
  transportProvided: z.boolean(),
  /** Languages the guides speak, as ISO 639-1 codes, shown with the browser's own language names. */
  guideLanguages: z.array(z.string().regex(/^[a-z]{2}$/, "must be a two-letter language code")).min(1),
});

export const toursSchema = z
  .strictObject({
    facts: tourFactsSchema,
    packages: z.array(tourPackageSchema).min(1),
  })
  .refine((file) => new Set(file.packages.map((p) => p.id)).size === file.packages.length, {
    message: "package ids must be unique",
    path: ["packages"],
  });

export type TourPackage = z.infer<typeof tourPackageSchema>;
export type TourFacts = z.infer<typeof tourFactsSchema>;
export type Tours = z.infer<typeof toursSchema>;
