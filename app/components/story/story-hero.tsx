import { Picture } from "~/components/ui/picture";
import { useI18n } from "~/lib/i18n/context";
import type { Picture as PictureData } from "~/lib/images";

/** The story's hero: the vineyard behind the page's one heading; the page's largest image. */
export function StoryHero({ image }: { image: PictureData }) {
  const { t } = useI18n();
  return (
    <section className="relative isolate flex min-h-[28rem] items-center justify-center overflow-hidden px-6 py-24 text-center sm:min-h-[36rem]">
      <Picture image={image} alt="" sizes="100vw" priority className="absolute inset-0 -z-10" imgClassName="h-full w-full object-cover" />
      <div className="absolute inset-0 -z-10 bg-wine-950/60" />
      <div>
        <h1 className="mx-auto max-w-4xl text-5xl text-cream-50 sm:text-7xl">{t("story.hero.title")}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-xl text-cream-100">{t("story.hero.subtitle")}</p>
      </div>
    </section>
  );
}
