/**
 * What a pending booking waits for, in the staff's words (the booking's page, the calendar): the
 * estate's answer, its deposit and until when, or its group and how many of the tour's minimum it
 * has. Only the first asks the staff anything (a Confirm button).
 */
import type { Waiting } from "../../bookings/booking-page";
import { formatTime, type ViewContext } from "./view-context";

export function waitingText(view: ViewContext, waiting: Waiting, short = false): string {
  switch (waiting.for) {
    case "estate":
      return view.t(short ? "calendar.pending" : "slot.status.pending");
    case "payment":
      return waiting.until ? view.t("slot.status.waitingPayment", { until: formatTime(view, waiting.until) }) : view.t("slot.status.waitingPaymentOpen");
    case "minimum":
      return view.t("slot.status.waitingMinimum", { people: waiting.people, minimum: waiting.minimum });
  }
}
