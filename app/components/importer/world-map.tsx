// Drawn at build by generators/build-world-map.ts from Natural Earth data: nothing loads from another site.
import { preload } from "react-dom";
import worldMapUrl from "../../../content/images/maps/world-map.svg?url";
import { useI18n } from "~/lib/i18n/context";

/**
 * The global presence map with a marker at the estate (spec §2). On a phone it is the importer
 * page's largest paint, so it is preloaded from `<head>` and fetched at once with high priority.
 */
export function WorldMap() {
  const { t } = useI18n();
  preload(worldMapUrl, { as: "image", type: "image/svg+xml", fetchPriority: "high" });
  return (
    <img
      src={worldMapUrl}
      alt={t("importer.presence.mapAlt")}
      width={1000}
      height={480}
      loading="eager"
      decoding="async"
      fetchPriority="high"
      className="h-auto w-full rounded-sm ring-1 ring-cream-200"
    />
  );
}
