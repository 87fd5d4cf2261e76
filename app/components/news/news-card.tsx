import { useState } from "react";
import { categoryClass } from "~/components/news/news-category";
import { NewsIcon } from "~/components/news/news-icon";
import type { NewsItemView } from "~/components/news/views";
import { Picture } from "~/components/ui/picture";
import { ClickToLoad } from "~/components/ui/click-to-load";
import { ExternalLink } from "~/components/ui/external-link";
import { useI18n } from "~/lib/i18n/context";

/**
 * A news card (spec §3): category badge, date, icon, title and description; "read full article"
 * opens the full text in place; the original article, when there is one, opens in a new tab; a
 * video waits behind a placeholder until the visitor asks for it.
 */
export function NewsCard({ item }: { item: NewsItemView }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const titleId = `news-${item.id}-title`;
  const contentId = `news-${item.id}-content`;
  const { video } = item;

  return (
    <li>
      <article id={item.id} aria-labelledby={titleId} data-news={item.id} className="flex flex-col rounded-sm bg-white p-7 shadow-sm ring-1 ring-cream-200">
        {item.photo ? (
          // The card is half the row on a desk, the whole width on a phone.
          <Picture
            image={item.photo.image}
            alt={item.photo.alt}
            sizes="(min-width: 1152px) 34rem, (min-width: 768px) 50vw, 100vw"
            className="-mx-7 -mt-7 mb-6 block"
            imgClassName="aspect-video w-full rounded-t-sm object-cover"
          />
        ) : null}
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-cream-100 text-wine-700">
            <NewsIcon name={item.icon} />
          </span>
          <p data-category={item.category} className={`rounded-full px-3 py-1 text-xs font-semibold tracking-wider uppercase ${categoryClass[item.category]}`}>
            {t(`news.categories.${item.category}`)}
          </p>
          <time dateTime={item.date} className="ml-auto text-sm text-ink-700">
            {item.dateLabel}
          </time>
        </div>
        <h3 id={titleId} className="mt-5 text-2xl">
          {item.title}
        </h3>
        <p className="mt-3 leading-relaxed text-ink-700">{item.description}</p>

        <div id={contentId} hidden={!open} className="mt-4 space-y-3 leading-relaxed text-ink-900">
          {item.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>

        {video ? (
          <div className="mt-6 overflow-hidden rounded-sm">
            <ClickToLoad
              src={video}
              title={t("news.video.frameTitle", { title: item.title })}
              label={t("news.video.load")}
              note={t("news.video.note")}
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              className="aspect-video"
              icon={
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-12 text-gold-400" fill="currentColor">
                  <path d="M8 5.5v13l11-6.5z" />
                </svg>
              }
            />
          </div>
        ) : null}

        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 pt-6">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            aria-describedby={titleId}
            onClick={() => setOpen(!open)}
            className="link inline-flex min-h-11 items-center font-semibold"
          >
            {open ? t("news.showLess") : t("news.readFullArticle")}
          </button>
          {item.externalLink ? (
            <ExternalLink href={item.externalLink.href} className="link inline-flex min-h-11 items-center">
              {item.externalLink.label}
            </ExternalLink>
          ) : null}
        </div>
      </article>
    </li>
  );
}
