import { languages, type Language } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import type { ScheduledMoment } from "../../db/content-schedule";
import type { ContentType } from "./types";
import { formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { Layout, Notice } from "../shared/layout";

/** Where an item's saved draft stands: the live site's version, a draft not yet online, or never published. */
export type Publication = "live" | "draft" | "new";

/** An item as the list shows it. */
export interface ListedItem {
  id: string;
  /** Its title in the staff member's language where it has one. */
  title: string;
  /** Localized texts filled in per language, out of `total`. */
  total: number;
  filled: Record<Language, number>;
  /** Texts marked "needs review" per language. */
  review: Partial<Record<Language, number>>;
  /** Its schedule, as its file says (ISO 8601), and the moments still to come. */
  publishAt?: string | null;
  unpublishAt?: string | null;
  scheduled?: readonly ScheduledMoment[];
  /** Whether its draft is online. */
  publication?: Publication;
}

const publicationMessages: Record<Exclude<Publication, "live">, AdminMessageId> = {
  draft: "content.publication.draft",
  new: "content.publication.new",
};

/** An item's draft not yet online, in words (nothing for an item whose saved version is live). */
function PublicationTag({ view, publication }: { view: ViewContext; publication: Publication | undefined }) {
  if (!publication || publication === "live") return null;
  return <span className={`publication-tag publication-${publication}`}>{view.t(publicationMessages[publication])}</span>;
}

export interface ListedType {
  type: ContentType;
  items: ListedItem[];
}

/** A type's name for the staff. */
export const typeLabel = (view: Pick<ViewContext, "t">, type: ContentType) => view.t(`content.type.${type.id}` as AdminMessageId);

/** `one` or `other`, as the staff member's language counts (French: 0 and 1 are `one`). */
const plural = (view: ViewContext, count: number) => (new Intl.PluralRules(view.lang).select(count) === "one" ? "one" : "other");

/**
 * The translation state in words, one line per language that is not complete: « Japonais : 3 textes
 * sur 12 écrits », « Chinois : 1 texte à revoir (l’anglais a changé) »; one line when every language
 * is complete. On the item page (`live`) the editor's script (assets/editor.js) writes the lines
 * again as the staff member types, from the templates and language names given here.
 */
export function TranslationState({ view, item, live = false }: { view: ViewContext; item: Pick<ListedItem, "total" | "filled" | "review">; live?: boolean }) {
  if (item.total === 0) return null;
  const lines = languages.flatMap((lang) => {
    const filled = item.filled[lang];
    const review = item.review[lang] ?? 0;
    const language = languageLabel(view, lang);
    const capital = language.charAt(0).toUpperCase() + language.slice(1);
    return [
      ...(filled < item.total
        ? [
            {
              key: `${lang}-w`,
              lang,
              tone: "missing",
              text: view.t(`content.state.written.${plural(view, filled)}`, { language: capital, filled, total: item.total }),
            },
          ]
        : []),
      ...(review > 0
        ? [{ key: `${lang}-r`, lang, tone: "review", text: view.t(`content.state.review.${plural(view, review)}`, { language: capital, count: review }) }]
        : []),
    ];
  });
  const templates = live
    ? {
        "data-translation-state": "",
        "data-plural-lang": view.lang,
        "data-written-one": view.t("content.state.written.one", { language: "{language}", filled: "{filled}", total: "{total}" }),
        "data-written-other": view.t("content.state.written.other", { language: "{language}", filled: "{filled}", total: "{total}" }),
        "data-complete": view.t("content.state.complete"),
        "data-names": JSON.stringify(Object.fromEntries(languages.map((lang) => [lang, languageLabel(view, lang)]))),
      }
    : {};
  return (
    <div className="translation-state" aria-live={live ? "polite" : undefined} {...templates}>
      {lines.length === 0 ? (
        <p className="state-complete">{view.t("content.state.complete")}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line.key} className={`state-${line.tone}`} data-language={line.lang}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether an item is on the site now, and what its schedule will do, in words. */
function ScheduleState({ view, item, now }: { view: ViewContext; item: Pick<ListedItem, "publishAt" | "unpublishAt">; now: Date }) {
  const at = now.getTime();
  const lines: { key: string; tone: string; text: string }[] = [];
  if (item.publishAt && Date.parse(item.publishAt) > at)
    lines.push({ key: "on", tone: "waiting", text: view.t("content.schedule.goesOnline", { when: formatTime(view, item.publishAt) }) });
  if (item.unpublishAt && Date.parse(item.unpublishAt) <= at)
    lines.push({ key: "gone", tone: "off", text: view.t("content.schedule.wentOffline", { when: formatTime(view, item.unpublishAt) }) });
  else if (item.unpublishAt)
    lines.push({ key: "off", tone: "waiting", text: view.t("content.schedule.goesOffline", { when: formatTime(view, item.unpublishAt) }) });
  if (lines.length === 0) return null;
  return (
    <ul className="schedule-state">
      {lines.map((line) => (
        <li key={line.key} className={`schedule-${line.tone}`}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}

/** `/admin/content`: every content type with its items, and what to do with each. */
export function ContentListPage({ view, types, notice, now }: { view: ViewContext; types: ListedType[]; notice: string | null; now: Date }) {
  return (
    <Layout view={view} title={view.t("content.title")}>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      <p>{view.t("content.intro")}</p>
      <p>
        <a href="/admin/content/publish" className="button-link">
          {view.t("content.publish.open")}
        </a>
      </p>
      <nav className="content-types" aria-label={view.t("content.types")}>
        {types.map(({ type }) => (
          <a key={type.id} href={`#type-${type.id}`}>
            {typeLabel(view, type)}
          </a>
        ))}
      </nav>
      {types.map(({ type, items }) => (
        <section key={type.id} className="panel content-type" aria-labelledby={`type-${type.id}`}>
          <h2 id={`type-${type.id}`}>{typeLabel(view, type)}</h2>
          {type.where.kind === "collection" ? (
            <p>
              <a href={`/admin/content/${type.id}/new`} className="button-link">
                {view.t("content.create")}
              </a>
            </p>
          ) : null}
          <ul className="content-items">
            {items.map((item) => (
              <li key={item.id} className="content-item">
                <a href={`/admin/content/${type.id}/${item.id}`}>{item.title}</a> <PublicationTag view={view} publication={item.publication} />
                <ScheduleState view={view} item={item} now={now} />
                <TranslationState view={view} item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Layout>
  );
}
