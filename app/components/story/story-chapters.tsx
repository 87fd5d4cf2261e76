import { site } from "~/lib/content";
import { useI18n } from "~/lib/i18n/context";
import type { Picture, SceneName } from "~/lib/images";
import { SafeHtml } from "~/lib/safe-html";
import { StorySection } from "./story-section";

/** The story's three chapters: the royal connection, the terroir and the philosophy (spec §2). */
/** The photos the chapters show, by scene name. */
export const storyScenes = ["royal-connection", "estate-hero", "terroir", "vineyard", "philosophy", "cellar"] as const satisfies SceneName[];

export function StoryChapters({ photos }: { photos: Record<(typeof storyScenes)[number], Picture> }) {
  const { t, tag } = useI18n();
  const number = new Intl.NumberFormat(tag);
  return (
    <>
      <StorySection
        id="story-royal"
        eyebrow={t("story.royal.eyebrow")}
        title={t("story.royal.title")}
        photos={[
          { image: photos["royal-connection"], alt: t("story.royal.imageAlt") },
          { image: photos["estate-hero"], alt: t("story.royal.image2Alt") },
        ]}
      >
        <p>{t("story.royal.p1")}</p>
        <p>{t("story.royal.p2")}</p>
      </StorySection>
      <StorySection
        id="story-terroir"
        eyebrow={t("story.terroir.eyebrow")}
        title={t("story.terroir.title")}
        photos={[
          { image: photos["terroir"], alt: t("story.terroir.imageAlt") },
          { image: photos["vineyard"], alt: t("story.terroir.image2Alt") },
        ]}
        reversed
        tinted
      >
        {/* The one paragraph rendered from HTML (spec §2), through the inline-tag whitelist. */}
        <p data-testid="terroir-html">
          <SafeHtml html={t("story.terroir.html", { hectares: number.format(site.grandCruHectares) })} />
        </p>
        <p>
          {t("story.terroir.p2", { sister: site.sisterEstate.name, sisterHectares: number.format(site.sisterEstate.hectares) })}
        </p>
      </StorySection>
      <StorySection
        id="story-philosophy"
        eyebrow={t("story.philosophy.eyebrow")}
        title={t("story.philosophy.title")}
        photos={[
          { image: photos["philosophy"], alt: t("story.philosophy.imageAlt") },
          { image: photos["cellar"], alt: t("story.philosophy.image2Alt") },
        ]}
      >
        <p>{t("story.philosophy.p1")}</p>
        <p>{t("story.philosophy.p2")}</p>
      </StorySection>
    </>
  );
}
