/**
 * What `POST /api/tour-bookings` reads besides the form (forms/tour-booking.ts), in its schema: an
 * optional `slot` (a `start` from the availability answer), an optional waitlist wish, a private
 * tour's wish and a gift voucher's code. The
 * booking itself, and what a refusal says, are server/bookings/book.ts's.
 */
import * as z from "zod/mini";
import { tourBookingForm } from "#forms/tour-booking";
import { submissionSchema } from "#forms/schema";
import { parseStart, type LocalTime } from "../bookings/paris-time";

/**
 * The booking's body: the form's fields, `slot` (absent or empty: a request without a time; else
 * a `start` the zone's rules agree with, read as the estate's local day and time) and `waitlist`
 * (`true`, or "yes" as the page's form fields send it). A wrong slot is a 400 naming `slot`.
 */
export const tourBookingBody = submissionSchema(tourBookingForm, {
  slot: z.pipe(
    z.optional(
      z.union([
        z.literal(""),
        z.string().check(
          z.maxLength(40),
          z.refine((start: string) => parseStart(start) !== null),
        ),
      ]),
    ),
    z.transform((start: string | undefined): LocalTime | null => (start ? parseStart(start) : null)),
  ),
  waitlist: z.pipe(
    z.optional(z.union([z.boolean(), z.literal("yes")])),
    z.transform((wish: boolean | "yes" | undefined) => wish === true || wish === "yes"),
  ),
  // A private tour (the time closes to everyone else), as the waitlist's wish is sent.
  private: z.pipe(
    z.optional(z.union([z.boolean(), z.literal("yes")])),
    z.transform((wish: boolean | "yes" | undefined) => wish === true || wish === "yes"),
  ),
  // A gift voucher's code as typed (letters, digits, dashes and spaces); empty: none.
  voucher: z.pipe(
    z.optional(z.string().check(z.maxLength(40), z.regex(/^[A-Za-z0-9 -]*$/))),
    z.transform((code: string | undefined) => (code && code.trim() !== "" ? code.trim() : null)),
  ),
});
