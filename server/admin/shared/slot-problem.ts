/**
 * Why a time cannot be given, in the staff's words: the one wording of a refused slot for every
 * staff form that places a group (a new booking, a request confirmed into a time).
 */
import type { TourPackageId } from "#forms/tour-booking";
import type { SlotRefused } from "../../bookings/ledger";
import { horizonOf, type Schedule } from "../../bookings/schedule";
import type { StaffRole } from "../../db/staff";
import type { ViewContext } from "./view-context";

/** The refusal of a time for a group of `pkg`: the places left (an admin is told a reason lets them go over), the package's horizon, a tour already started, or a time not on the schedule. */
export function slotProblem(view: ViewContext, refused: SlotRefused, role: StaffRole, schedule: Schedule, pkg: TourPackageId): string {
  switch (refused.reason) {
    case "full":
      return view.t(role === "admin" ? "error.slotFullAdmin" : "error.slotFull", { count: refused.placesLeft });
    case "horizon":
      return view.t("error.slotHorizon", { months: horizonOf(schedule, pkg) });
    case "closed":
      return view.t("error.slotStarted");
    case "unknown":
      return view.t("error.slotUnknown");
    case "private":
      return view.t("error.slotPrivate");
  }
}
