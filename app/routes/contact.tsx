import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/contact/contact-form";
import { SocialIcon } from "~/components/contact/social-icons";
import { ClickToLoad } from "~/components/ui/click-to-load";
import { ExternalLink } from "~/components/ui/external-link";
import { PageHero } from "~/components/ui/page-hero";
import { mapEmbedUrl } from "~/lib/site.server";
import { useSite } from "~/lib/site";
import { useI18n } from "~/lib/i18n/context";
import { pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): text, the age gate's title (docs/performance.md).
export const handle: FirstPaintHandle = { font: "heading" };

/** Runs at build: the map's address (content/site.json), loaded only when the visitor asks. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { mapEmbedUrl: mapEmbedUrl(contentOf(context)), messages: pageMessages(request, ["contact", "forms"]) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "contact.meta.title", description: "contact.meta.description", path: pagePaths.contact });

const networks = ["instagram", "facebook", "linkedin"] as const;

/** The contact page (spec §2): how to reach the estate, where it is, and the contact form. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const site = useSite();
  const { contact } = site;
  return (
    <>
      <PageHero title={t("contact.hero.title")} subtitle={t("contact.hero.subtitle")} />

      <div className="mx-auto grid max-w-6xl gap-16 px-6 py-20 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-12">
          <section aria-labelledby="details-title">
            <h2 id="details-title" className="text-3xl">
              {t("contact.details.title")}
            </h2>
            <dl className="mt-6 space-y-5">
              <div>
                <dt className="eyebrow">{t("contact.details.email")}</dt>
                <dd className="mt-1 text-lg">
                  <a href={`mailto:${contact.email}`} className="link">
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="eyebrow">{t("contact.details.phone")}</dt>
                <dd className="mt-1 text-lg">
                  <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="link">
                    {contact.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="eyebrow">{t("contact.details.address")}</dt>
                <dd className="mt-1 text-lg">
                  <address className="not-italic">{site.address}</address>
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="social-title">
            <h2 id="social-title" className="text-3xl">
              {t("contact.social.title")}
            </h2>
            <ul className="mt-6 flex flex-wrap gap-3">
              {networks.map((network) => (
                <li key={network}>
                  <ExternalLink href={site.social[network]} className="btn-secondary">
                    <SocialIcon network={network} />
                    {t(`social.${network}`)}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="map-title">
            <h2 id="map-title" className="text-3xl">
              {t("contact.map.title")}
            </h2>
            <div className="mt-6 overflow-hidden rounded-sm">
              <ClickToLoad
                src={loaderData.mapEmbedUrl}
                title={t("contact.map.frameTitle")}
                label={t("contact.map.load")}
                note={t("contact.map.note")}
                className="aspect-[4/3]"
                icon={
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-gold-400" fill="none" stroke="currentColor" strokeWidth="1.5">
                    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />
                  </svg>
                }
              />
            </div>
          </section>
        </div>

        <section id="contact-form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-3xl">
            {t("contact.form.title")}
          </h2>
          <p className="mt-3 mb-8 text-ink-700">{t("contact.form.intro")}</p>
          <ContactForm />
        </section>
      </div>
    </>
  );
}
