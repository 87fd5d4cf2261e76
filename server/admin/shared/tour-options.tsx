import { tourPackageIds } from "#forms/tour-booking";
import type { ViewContext } from "./view-context";

/** The tours as a list's options, each by its name in the staff member's language. */
export function TourOptions({ view }: { view: ViewContext }) {
  return (
    <>
      {tourPackageIds.map((pkg) => (
        <option key={pkg} value={pkg}>
          {view.tourName(pkg)}
        </option>
      ))}
    </>
  );
}
