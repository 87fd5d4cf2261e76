import type { ViewContext } from "../shared/view-context";
import { CsrfField, Notice } from "../shared/layout";

/**
 * The account page's calendar feed: the private address of the confirmed tours, to add to a
 * phone's or a computer's calendar, and a way to revoke it (a box to tick, then a new address).
 */
export function CalendarFeedPanel({ view, url, renewed }: { view: ViewContext; url: string; renewed: boolean }) {
  return (
    <section aria-labelledby="feed-title" className="panel">
      <h2 id="feed-title">{view.t("feed.title")}</h2>
      {renewed ? <Notice tone="done">{view.t("feed.renewed")}</Notice> : null}
      <p>{view.t("feed.help")}</p>
      <p className="feed-url">
        <code>{url}</code>
      </p>
      <form method="post" action="/admin/account/calendar-feed" className="answer danger">
        <CsrfField view={view} />
        <label className="check">
          <input type="checkbox" name="sure" value="yes" required />
          {view.t("feed.sure")}
        </label>
        <button type="submit">{view.t("feed.renew")}</button>
      </form>
    </section>
  );
}
