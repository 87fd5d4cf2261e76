// Drawn at build by scripts/build-world-map.ts from Natural Earth data: nothing loads from another site.
import worldMapUrl from "../../../content/images/maps/world-map.svg?url";
import { useI18n } from "~/lib/i18n/context";

/** The global presence map with a marker at the estate (spec §2). */
export function WorldMap() {
  const { t } = useI18n();
  return (
    <img
      src={worldMapUrl}
      alt={t("importer.presence.mapAlt")}
      width={1000}
      height={480}
      loading="lazy"
      decoding="async"
      className="h-auto w-full rounded-sm ring-1 ring-cream-200"
    />
  );
}
