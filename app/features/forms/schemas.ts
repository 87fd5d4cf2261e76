/**
 * One schema per form (spec §3), shared by the React form, the server's API and the tests.
 * Written with `zod/mini` so the browser carries only the checks it uses.
 */
import * as z from "zod/mini";
import { languages } from "#core/languages";

/** A required line of text: trimmed, not empty, bounded. */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** An optional field; the empty string a blank form input sends counts as absent. */
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

const email = z.string().check(z.trim(), z.maxLength(254), z.email());
const phone = z.string().check(z.trim(), z.maxLength(40), z.regex(/^[+0-9 ().-]*$/));

/** What every submission carries besides its fields: the page's language and path, and the honeypot. */
const envelope = {
  language: z.enum(languages),
  page: z.string().check(z.maxLength(300), z.regex(/^\//)),
  /** Hidden from people, filled by bots: a filled one is accepted and dropped. */
  fax: z.optional(z.string().check(z.maxLength(300))),
};

export const tourPackages = ["hermitage", "mongiron", "both"] as const;
export type TourPackage = (typeof tourPackages)[number];

/** Tour booking (spec §3, §5): name and email required, guests at least 1, a package chosen. */
export const tourBookingSchema = z.strictObject({
  ...envelope,
  name: requiredText(120),
  email,
  phone: z.optional(phone),
  guests: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(50))),
  date: z.optional(z.union([z.literal(""), z.iso.date()])),
  message: optionalText(5000),
  package: z.enum(tourPackages),
});
export type TourBookingInput = z.infer<typeof tourBookingSchema>;

/** Contact message (spec §3, §5): name, email and message required. */
export const contactMessageSchema = z.strictObject({
  ...envelope,
  name: requiredText(120),
  email,
  phone: z.optional(phone),
  subject: optionalText(200),
  message: requiredText(5000),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** Importer application (spec §3, §5). */
export const importerApplicationSchema = z.strictObject({
  ...envelope,
  companyName: requiredText(200),
  contactName: requiredText(120),
  email,
  phone: phone.check(z.minLength(1)),
  country: requiredText(100),
  website: z.optional(z.union([z.literal(""), z.url({ protocol: /^https?$/ }).check(z.maxLength(300))])),
  /** Years in the wine industry, as the visitor states them. */
  experience: requiredText(100),
  marketSize: optionalText(200),
  message: optionalText(5000),
});
export type ImporterApplicationInput = z.infer<typeof importerApplicationSchema>;

/** Newsletter sign-up: the address only (spec §3). */
export const newsletterSignupSchema = z.strictObject({
  ...envelope,
  email,
});
export type NewsletterSignupInput = z.infer<typeof newsletterSignupSchema>;

/** The API endpoint of each form and its schema. */
export const formEndpoints = {
  tourBooking: { path: "/api/tour-bookings", schema: tourBookingSchema },
  contactMessage: { path: "/api/contact-messages", schema: contactMessageSchema },
  importerApplication: { path: "/api/importer-applications", schema: importerApplicationSchema },
  newsletterSignup: { path: "/api/newsletter-signups", schema: newsletterSignupSchema },
} as const;
export type FormKind = keyof typeof formEndpoints;
