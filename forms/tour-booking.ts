import type { BookingOutcome, FormDefinition } from "./fields";

/**
 * The tour packages a booking can name (spec §3, §9), in the order the page shows them. The one
 * list of package ids: content/tours.json describes each of them (forms/__tests__ checks that
 * its ids are these).
 */
export const tourPackageIds = ["hermitage", "mongiron", "both"] as const;
export type TourPackageId = (typeof tourPackageIds)[number];

/**
 * The schedule's own online cut-off, in hours before a tour, until the estate changes it (the default
 * of `tour_schedule.cutoff_hours`, server/db/migrations.ts): what the notice above the tours form's
 * button says before a day and a time are chosen (the availability answer then gives the package's).
 */
export const defaultCutoffHours = 24;

/** Tour booking (spec §3, §5): name and email required, guests at least 1, a package chosen above the form. */
export const tourBookingForm = {
  kind: "tourBooking",
  slug: "tour-bookings",
  table: "tour_bookings",
  success: { title: "wineTours.form.success.title", description: "wineTours.form.success.description" },
  fields: [
    { name: "name", kind: "line", max: 120, required: true, column: "name", label: "forms.fields.name", autoComplete: "name" },
    { name: "email", kind: "email", max: 254, required: true, column: "email", label: "forms.fields.email", autoComplete: "email" },
    { name: "phone", kind: "phone", max: 40, required: false, column: "phone", label: "forms.fields.phone", autoComplete: "tel" },
    { name: "guests", kind: "count", min: 1, max: 50, required: false, column: "guests", label: "wineTours.form.guests" },
    // A preferred date: not in the past, at most two years ahead (forms/fields.ts `dateWindow`).
    { name: "date", kind: "date", yearsAhead: 2, required: false, column: "date", label: "wineTours.form.date" },
    { name: "package", kind: "choice", options: tourPackageIds, required: true, column: "package", label: "wineTours.form.package" },
    { name: "message", kind: "text", max: 5000, required: false, column: "message", label: "forms.fields.message" },
    // The thank-you e-mail after a visit is marketing the guest may refuse when their address is
    // collected (CPCE L. 34-5; LSSI art. 21.2): ticked, the booking records the refusal
    // (server/bookings/book.ts) and the after-visit sweep sends none.
    { name: "noThanks", kind: "checkbox", required: false, column: "no_thanks", label: "wineTours.form.noThanks" },
  ],
  kept: [],
} as const satisfies FormDefinition;

/**
 * What the page and the no-script answer page say after a tour booking, by what became of it: the
 * spec's "Booking Request Received" for a request without a time; a booked and confirmed visit
 * never reads as a request.
 */
export const tourBookingOutcomes = {
  request: tourBookingForm.success,
  confirmed: { title: "wineTours.form.confirmed.title", description: "wineTours.form.confirmed.description" },
  pending: { title: "wineTours.form.pending.title", description: "wineTours.form.pending.description" },
  waitlist: { title: "wineTours.form.waitlist.title", description: "wineTours.form.waitlist.description" },
  payment: { title: "wineTours.form.payment.title", description: "wineTours.form.payment.description" },
  minimum: { title: "wineTours.form.minimum.title", description: "wineTours.form.minimum.description" },
} as const satisfies Record<BookingOutcome, { title: string; description: string }>;
