import { languageNames, languages, type Language } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import type { ContentType } from "../content/types";
import type { ViewContext } from "../view-context";
import { Layout, Notice } from "./layout";

/** An item as the list shows it. */
export interface ListedItem {
  id: string;
  title: string;
  /** Localized texts filled in per language, out of `total`. */
  total: number;
  filled: Record<Language, number>;
  /** Texts marked "needs review" per language. */
  review: Partial<Record<Language, number>>;
}

export interface ListedType {
  type: ContentType;
  items: ListedItem[];
}

/** A type's name for the staff. */
export const typeLabel = (view: ViewContext, type: ContentType) => view.t(`content.type.${type.id}` as AdminMessageId);

/** Each language's state, in a few words: "FR 12/12", "JA 11/12, 1 to review". */
export function LanguageStates({ view, item }: { view: ViewContext; item: Pick<ListedItem, "total" | "filled" | "review"> }) {
  if (item.total === 0) return null;
  return (
    <ul className="language-states" aria-label={view.t("content.languages")}>
      {languages.map((lang) => {
        const review = item.review[lang] ?? 0;
        const complete = item.filled[lang] === item.total;
        return (
          <li key={lang} className={review > 0 ? "state-review" : complete ? "state-complete" : "state-missing"}>
            <abbr title={languageNames[lang]}>{lang.toUpperCase()}</abbr> {view.t("content.filledOf", { filled: item.filled[lang], total: item.total })}
            {review > 0 ? `, ${view.t("content.toReview", { count: review })}` : null}
          </li>
        );
      })}
    </ul>
  );
}

/** `/admin/content`: every content type with its items, and what to do with each. */
export function ContentListPage({ view, types, notice }: { view: ViewContext; types: ListedType[]; notice: string | null }) {
  return (
    <Layout view={view} title={view.t("content.title")}>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      <p>{view.t("content.intro")}</p>
      <p>
        <a href="/admin/content/publish" className="button-link">
          {view.t("content.publish.open")}
        </a>
      </p>
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
                <a href={`/admin/content/${type.id}/${item.id}`}>{item.title}</a>
                <LanguageStates view={view} item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Layout>
  );
}
