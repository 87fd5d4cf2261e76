import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { newsletterSignupForm } from "#forms/newsletter-signup";
import { FormFields } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { ExternalLink } from "~/components/ui/external-link";
import { useI18n } from "~/lib/i18n/context";
import { drinkingAge, scriptOf } from "#core/languages";
import { pagePaths } from "#core/paths";
import { healthMessage } from "#presentation/health-message";
import { useSite } from "~/lib/site";

const buildYear = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const noSubscription = () => () => {};

/** The year the page was built in its HTML, then the visitor's own year once the page runs. */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => buildYear,
  );
}

function FooterHeading({ children }: { children: string }) {
  return <h2 className="mb-3 font-sans text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">{children}</h2>;
}

const footerLink = "text-cream-100 underline-offset-4 hover:text-cream-50 hover:underline";

/**
 * The newsletter sign-up on every page: the address only, with the same double opt-in as the news
 * page's (forms/newsletter-signup.ts); an HTML form that works before the page's JavaScript runs
 * (server/api/native-forms.ts answers it with a page), then the JSON post and its toast.
 */
function NewsletterSignup() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="footer-newsletter-title" className="border-t border-wine-800">
      <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="footer-newsletter-title" className="font-heading text-2xl text-cream-50">
            {t("footer.newsletter.title")}
          </h2>
          <p className="mt-2 text-sm leading-relaxed">{t("footer.newsletter.text")}</p>
        </div>
        <div className="rounded-sm bg-cream-50 p-5 text-ink-900">
          <FormShell
            form={newsletterSignupForm}
            aria-labelledby="footer-newsletter-title"
            submitLabel={t("footer.newsletter.submit")}
            className="flex flex-col gap-4 sm:flex-row sm:items-end"
          >
            <FormFields form={newsletterSignupForm} classNames={{ email: "flex-1" }} />
          </FormShell>
          <p className="mt-3 text-sm text-ink-700">{t("footer.newsletter.privacy")}</p>
        </div>
      </div>
    </section>
  );
}

/** The site footer (spec §2): tagline, links, contact details, the newsletter sign-up, legal notes and the health message. */
export function Footer() {
  const { t, href, lang } = useI18n();
  const year = useCurrentYear();
  const site = useSite();
  const { contact } = site;
  const health = healthMessage(t);
  return (
    <footer className="bg-wine-950 text-cream-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p lang="fr" className="font-heading text-2xl text-cream-50">
            {t("site.name")}
          </p>
          {/* A language that writes the estate's name in its own script shows it once under the Latin name. */}
          {scriptOf(lang) === "cjk" ? <p className="estate-name mt-1 text-cream-50">{site.names.estate}</p> : null}
          <p className="mt-3 mb-8 text-sm leading-relaxed">
            {site.tagline.map((piece, index) =>
              piece.keep ? (
                <span key={index} className="whitespace-nowrap">
                  {piece.text}
                </span>
              ) : (
                piece.text
              ),
            )}
          </p>
          <FooterHeading>{t("footer.followUs")}</FooterHeading>
          <ul className="flex flex-wrap gap-4">
            {(["instagram", "facebook", "linkedin"] as const).map((network) => (
              <li key={network}>
                <ExternalLink href={site.social[network]} className={footerLink}>
                  {t(`social.${network}`)}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          {/* An estate and a wine, each with its own site (spec §2: "external sites of the sister brands"). */}
          <FooterHeading>{t("footer.otherBrands")}</FooterHeading>
          <ul className="space-y-2">
            {site.sisterBrands.map((brand) => (
              <li key={brand.url}>
                <ExternalLink href={brand.url} className={footerLink}>
                  {brand.name === site.sisterEstateName && scriptOf(lang) === "cjk" ? (
                    <>
                      <span className="estate-name">{site.names.sisterEstate}</span> <span lang="fr">{brand.name}</span>
                    </>
                  ) : (
                    brand.name
                  )}
                </ExternalLink>
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <FooterHeading>{t("footer.discover")}</FooterHeading>
            <ul className="space-y-2">
              <li>
                <Link to={href(pagePaths.news)} className={footerLink}>
                  {t("footer.news")}
                </Link>
              </li>
              <li>
                <Link to={href(pagePaths.events)} className={footerLink}>
                  {t("footer.events")}
                </Link>
              </li>
            </ul>
          </div>
          <div className="mt-8">
            <FooterHeading>{t("footer.importers")}</FooterHeading>
            <ul className="space-y-2">
              <li>
                <Link to={href(pagePaths.becomeImporter)} className={footerLink}>
                  {t("footer.becomeImporter")}
                </Link>
              </li>
              <li>
                <a href={`mailto:${contact.tradeEmail}`} className={footerLink}>
                  {t("footer.importerContact")}
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div>
          <FooterHeading>{t("footer.contact")}</FooterHeading>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-semibold text-cream-50">{t("footer.email")}</dt>
              <dd>
                <a href={`mailto:${contact.email}`} className={footerLink}>
                  {contact.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-cream-50">{t("footer.phone")}</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className={footerLink}>
                  {contact.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-cream-50">{t("footer.address")}</dt>
              <dd>{site.address}</dd>
            </div>
          </dl>
        </div>
        <div>
          <FooterHeading>{t("footer.legal")}</FooterHeading>
          <ul className="space-y-2 text-sm">
            <li>{t("footer.euOnly")}</li>
            <li>{t("footer.ageRequired", { age: drinkingAge(lang) })}</li>
          </ul>
          <ul className="mt-6 space-y-2 text-sm">
            <li>
              <Link to={href(pagePaths.legalNotice)} className={footerLink}>
                {t("footer.legalNotice")}
              </Link>
            </li>
            <li>
              <Link to={href(pagePaths.privacy)} className={footerLink}>
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link to={href(pagePaths.terms)} className={footerLink}>
                {t("footer.terms")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <NewsletterSignup />
      <div className="border-t border-wine-800">
        <div className="mx-auto max-w-7xl px-6 py-6 text-center text-sm">
          <p lang="fr" className="font-semibold text-cream-50">
            {health.french}
          </p>
          {health.lines.map((line) => (
            <p key={line} className="mt-1 text-cream-100">
              {line}
            </p>
          ))}
          <p className="mt-4 text-cream-100">
            <span data-testid="copyright">{t("footer.copyright", { year, estate: site.names.estate })}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
