import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { useI18n } from "~/lib/i18n/context";
import type { Picture as PictureData } from "~/lib/images";
import { pagePaths } from "#core/paths";

const panels = [
  { key: "tours", path: pagePaths.wineTours },
  { key: "villa", path: pagePaths.villa },
] as const;

/** Two experience panels, to the wine tours and to the villa (spec §2), each over its photo. */
export function ExperiencePanels({ images }: { images: Record<(typeof panels)[number]["key"], PictureData> }) {
  const { t, href } = useI18n();
  return (
    <section aria-labelledby="home-experiences" className="bg-wine-900 px-6 py-20 text-cream-50">
      <div className="mx-auto max-w-7xl">
        <div className="text-center">
          <p className="eyebrow text-gold-400">{t("home.experiences.eyebrow")}</p>
          <h2 id="home-experiences" className="mt-3 text-4xl text-cream-50">
            {t("home.experiences.title")}
          </h2>
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-2">
          {panels.map((panel) => (
            <li key={panel.key} className="relative isolate flex min-h-96 overflow-hidden rounded-sm">
              <Picture
                image={images[panel.key]}
                alt=""
                sizes="(min-width: 768px) 50vw, 100vw"
                className="absolute inset-0 -z-10"
                imgClassName="h-full w-full object-cover"
              />
              <div className="absolute inset-0 -z-10 bg-gradient-to-t from-wine-950/90 via-wine-950/60 to-wine-950/20" />
              <div className="mt-auto p-8">
                <h3 className="text-3xl text-cream-50">{t(`home.experiences.${panel.key}.title`)}</h3>
                <p className="mt-3 max-w-md text-cream-100">{t(`home.experiences.${panel.key}.text`)}</p>
                <p className="mt-6">
                  <Link to={href(panel.path)} className="btn-light">
                    {t(`home.experiences.${panel.key}.link`)}
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
