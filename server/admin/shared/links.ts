/** The addresses of the staff area's pages and forms that several features link to. */
import { bookingType } from "../../forms";

export const submissionHref = (type: string, id: string) => `/admin/submissions/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

/** A phone number as a `tel:` address: its `+` and digits. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, "")}`;

/** A booking's page in the staff area. */
export const bookingHref = (id: string) => submissionHref(bookingType, id);

/** The guest's page, reached from any of their bookings. */
export const guestHref = (bookingId: string) => `/admin/guests/${encodeURIComponent(bookingId)}`;

/** Where a check-in form sends a booking's arrival, absence or undo. */
export const checkInAction = (id: string, action: "arrived" | "absent" | "clear") => `${bookingHref(id)}/slot/${action}`;

/** A booking's row on the day sheet, the fragment a check-in comes back to. */
export const sheetRowId = (bookingId: string) => `booking-${bookingId}`;

/**
 * The sign-in page after a password was chosen (`notice`: an invitation accepted, a link to choose
 * a new password used), with the account's address filled (server/admin/session/routes.ts).
 */
export const signInAfterPassword = (notice: "joined" | "password-set", email: string) => `/admin/login?${new URLSearchParams({ [notice]: "", email })}`;
