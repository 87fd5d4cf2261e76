/**
 * What the tours form's button commits the visitor to, by what the form holds: a request without a
 * time, a waitlist for a full time, a deposit paid now (its amount worked out as the server does),
 * or a booking that obliges to pay at the estate.
 */
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { quoteTour } from "#core/tour-price";
import { bookingAction, type BookingChoice } from "../booking-action";

const hermitage = content.tours.packages.find((tour) => tour.id === "hermitage")!;
const rules = { minGuests: 1, depositPercent: 0, cutoffHours: 24, instantConfirm: true };
const choice = (change: Partial<BookingChoice> = {}): BookingChoice => ({
  slot: "2027-03-29T10:00:00+02:00",
  full: false,
  rules,
  prices: hermitage,
  guests: 2,
  privateTour: false,
  voucher: "",
  ...change,
});

describe("the tours form's button", () => {
  it("sends a request when no time is chosen, whatever else the form holds", () => {
    expect(bookingAction(choice({ slot: "" }))).toEqual({ kind: "request" });
    expect(bookingAction(choice({ slot: "", full: true, rules: { ...rules, depositPercent: 20 } }))).toEqual({ kind: "request" });
  });

  it("joins the waitlist of a full time", () => {
    expect(bookingAction(choice({ full: true }))).toEqual({ kind: "waitlist" });
    expect(bookingAction(choice({ full: true, rules: { ...rules, depositPercent: 20 } }))).toEqual({ kind: "waitlist" });
  });

  it("books with the obligation to pay a time with places, confirmed at once, by the estate, or once its minimum is reached", () => {
    expect(bookingAction(choice())).toEqual({ kind: "firm" });
    expect(bookingAction(choice({ rules: { ...rules, instantConfirm: false } }))).toEqual({ kind: "firm" });
    expect(bookingAction(choice({ rules: { ...rules, minGuests: 4 } }))).toEqual({ kind: "firm" });
  });

  it("asks to pay the deposit of the group's price, private tours and group prices included", () => {
    const deposit = { ...rules, depositPercent: 20 };
    for (const [guests, privateTour] of [
      [2, false],
      [7, false],
      [3, true],
    ] as const) {
      const cents = Math.round((quoteTour(hermitage, guests, privateTour).totalCents * 20) / 100);
      expect(bookingAction(choice({ rules: deposit, guests, privateTour })), `${guests} ${privateTour}`).toEqual({ kind: "deposit", cents });
    }
  });

  it("asks no deposit for a package the estate confirms, nor names one a voucher's unknown value may change", () => {
    expect(bookingAction(choice({ rules: { ...rules, depositPercent: 20, instantConfirm: false } }))).toEqual({ kind: "firm" });
    expect(bookingAction(choice({ rules: { ...rules, depositPercent: 20 }, voucher: "HLX7-K4MC-9QPA" }))).toEqual({ kind: "firm" });
  });
});
