/**
 * `/admin/vouchers/<code>`: one gift voucher as a gift card. What it is worth and what is left,
 * until when, who it is from and for; its printable card; who used it, when and for how much (and
 * when a booking gave it back); and the office's forms: mail the card, change its day, note or
 * card, void it (with a reason). Each change is in the audit log.
 */
import { formatPrice } from "#core/format";
import { languages } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import type { Redemption, VoucherRow } from "../../db/tour-vouchers";
import { formatDay, formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { bookingHref } from "../shared/links";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";
import { voucherHref, VoucherState, voucherWorth } from "./vouchers-page";

/** What the page says after an action, or why one was refused. */
export const voucherNotes = {
  edited: "voucher.done.edited",
  voided: "voucher.done.voided",
  mailed: "voucher.done.mailed",
  void: "voucher.refused.void",
  already: "voucher.refused.already",
} as const satisfies Record<string, AdminMessageId>;
export type VoucherNote = keyof typeof voucherNotes;

export interface VoucherPageProps {
  view: ViewContext;
  voucher: VoucherRow;
  uses: readonly (Redemption & { name: string | null })[];
  /** The printable card's address. */
  cardUrl: string;
  today: string;
  note: VoucherNote | null;
  fieldProblems: Record<string, string>;
  typed: Record<string, string> | null;
}

export function VoucherPage({ view, voucher, uses, cardUrl, today, note, fieldProblems, typed }: VoucherPageProps) {
  const base = voucherHref(voucher.code);
  const field = (name: keyof VoucherRow & string) => typed?.[name] ?? String(voucher[name] ?? "");
  const live = voucher.voided_at === null;
  return (
    <Layout view={view} title={view.t("voucher.title", { code: voucher.code })}>
      {note ? <Notice tone={note === "void" || note === "already" ? "problem" : "done"}>{view.t(voucherNotes[note])}</Notice> : null}
      <Problems problems={[...new Set(Object.values(fieldProblems))]} />
      <section className="panel" aria-labelledby="voucher-card">
        <h2 id="voucher-card">{voucherWorth(view, voucher)}</h2>
        <p>
          <VoucherState view={view} voucher={voucher} today={today} />
        </p>
        <dl className="fields">
          {voucher.kind === "value" && voucher.remaining_cents !== null ? (
            <div>
              <dt>{view.t("voucher.remaining")}</dt>
              <dd>{formatPrice(voucher.remaining_cents / 100, view.lang)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{view.t("vouchers.validUntil")}</dt>
            <dd>{formatDay(view, voucher.valid_until)}</dd>
          </div>
          <div>
            <dt>{view.t("voucher.made")}</dt>
            <dd>
              {view.t(voucher.order_id ? "voucher.madeOnline" : "voucher.madeBy", { who: voucher.created_by, when: formatTime(view, voucher.created_at) })}
            </dd>
          </div>
          {voucher.voided_at ? (
            <div>
              <dt>{view.t("voucher.voidReason")}</dt>
              <dd>{view.t("voucher.voidedBy", { who: voucher.voided_by ?? "", reason: voucher.void_reason ?? "" })}</dd>
            </div>
          ) : null}
        </dl>
        <p>
          <a href={cardUrl}>{view.t("voucher.openCard")}</a>
        </p>
      </section>
      <section className="panel" aria-labelledby="voucher-uses">
        <h2 id="voucher-uses">{view.t("voucher.uses")}</h2>
        {uses.length === 0 ? (
          <p>{view.t("voucher.noUses")}</p>
        ) : (
          <table className="inbox-table">
            <thead>
              <tr>
                <th scope="col">{view.t("voucher.useBooking")}</th>
                <th scope="col">{view.t("voucher.useAmount")}</th>
                <th scope="col">{view.t("voucher.useWhen")}</th>
              </tr>
            </thead>
            <tbody>
              {uses.map((use) => (
                <tr key={use.booking_id}>
                  <td data-label={view.t("voucher.useBooking")}>
                    <a href={bookingHref(use.booking_id)}>{use.name ?? use.booking_id}</a>
                  </td>
                  <td data-label={view.t("voucher.useAmount")}>{use.amount_cents === null ? "—" : formatPrice(use.amount_cents / 100, view.lang)}</td>
                  <td data-label={view.t("voucher.useWhen")}>
                    {formatTime(view, use.redeemed_at)}
                    {use.released_at ? <span className="help"> {view.t("voucher.givenBack", { when: formatTime(view, use.released_at) })}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {live ? (
        <form method="post" action={`${base}/mail`} className="panel reply-form">
          <h2>{view.t("voucher.mailTitle")}</h2>
          <CsrfField view={view} />
          <label>
            {view.t("voucher.mailTo")}
            <input type="email" name="to" required maxLength={254} defaultValue={typed?.to ?? voucher.buyer_email} {...invalid("to", fieldProblems)} />
            <FieldProblem name="to" problems={fieldProblems} />
          </label>
          <p className="help">{view.t("voucher.mailHelp", { language: languageLabel(view, voucher.language) })}</p>
          <button type="submit">{view.t("voucher.mailButton")}</button>
        </form>
      ) : null}
      <form method="post" action={`${base}/edit`} className="panel content-form">
        <h2>{view.t("voucher.editTitle")}</h2>
        <CsrfField view={view} />
        <div className="settings-grid">
          <label>
            {view.t("vouchers.validUntil")}
            <input type="date" name="valid_until" required defaultValue={field("valid_until")} {...invalid("valid_until", fieldProblems)} />
            <FieldProblem name="valid_until" problems={fieldProblems} />
          </label>
          <label>
            {view.t("voucher.language")}
            <select name="language" defaultValue={field("language")}>
              {languages.map((lang) => (
                <option key={lang} value={lang}>
                  {languageLabel(view, lang)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {view.t("voucher.buyerName")}
            <input type="text" name="buyer_name" maxLength={120} defaultValue={field("buyer_name")} {...invalid("buyer_name", fieldProblems)} />
            <FieldProblem name="buyer_name" problems={fieldProblems} />
          </label>
          <label>
            {view.t("voucher.recipient")}
            <input type="text" name="recipient" maxLength={120} defaultValue={field("recipient")} {...invalid("recipient", fieldProblems)} />
            <FieldProblem name="recipient" problems={fieldProblems} />
          </label>
        </div>
        <label>
          {view.t("voucher.message")}
          <textarea name="message" maxLength={500} rows={3} defaultValue={field("message")} {...invalid("message", fieldProblems)} />
          <FieldProblem name="message" problems={fieldProblems} />
        </label>
        <label>
          {view.t("vouchers.note")}
          <input type="text" name="note" maxLength={200} defaultValue={field("note")} {...invalid("note", fieldProblems)} />
          <FieldProblem name="note" problems={fieldProblems} />
        </label>
        <button type="submit" className="secondary">
          {view.t("voucher.editButton")}
        </button>
      </form>
      {live ? (
        <form method="post" action={`${base}/void`} className="panel answer danger">
          <h2>{view.t("voucher.voidTitle")}</h2>
          <CsrfField view={view} />
          <label>
            {view.t("voucher.voidReason")}
            <input type="text" name="reason" required maxLength={300} {...invalid("reason", fieldProblems)} />
            <FieldProblem name="reason" problems={fieldProblems} />
          </label>
          <label className="check">
            <input type="checkbox" name="sure" value="yes" required />
            {view.t("voucher.voidSure")}
          </label>
          <button type="submit">{view.t("voucher.voidButton")}</button>
        </form>
      ) : null}
    </Layout>
  );
}
