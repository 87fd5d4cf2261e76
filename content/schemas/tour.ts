import { z } from "zod";

/** The three tour packages (spec §3), in the order the page shows them. Same ids as the booking form's `package`. */
export const tourPackageIds = ["hermitage", "mongiron", "both"] as const;
export type TourPackageId = (typeof tourPackageIds)[number];

/** A package's ribbon: the spec names `premium` (L'Hermitage Lescours) and `mostPopular` (both châteaux). */
export const tourBadges = ["premium", "discovery", "mostPopular"] as const;

/**
 * A bookable tour. Visitors read its title, badge and features in their language from
 * `wineTours.packages.{id}` in `locales/<lang>/visit.json`.
 */
export const tourPackageSchema = z.strictObject({
  id: z.enum(tourPackageIds),
  /** Price per person in euros (spec §9: 65, 50, 75). */
  price: z.number().positive(),
  badge: z.enum(tourBadges),
  /** The package includes printed tasting notes (spec §9: the both-châteaux tour). */
  tastingNotes: z.boolean(),
});

/** Facts shared by every tour (spec §9). */
export const tourFactsSchema = z.strictObject({
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

export const toursFileSchema = z
  .strictObject({
    facts: tourFactsSchema,
    packages: z.array(tourPackageSchema).length(tourPackageIds.length),
  })
  .refine((file) => tourPackageIds.every((id, index) => file.packages[index]?.id === id), {
    message: `packages must be ${tourPackageIds.join(", ")}, once each, in that order`,
    path: ["packages"],
  });

export type TourPackage = z.infer<typeof tourPackageSchema>;
export type TourFacts = z.infer<typeof tourFactsSchema>;
export type ToursFile = z.infer<typeof toursFileSchema>;
