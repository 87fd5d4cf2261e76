/**
 * `/admin/vouchers`: the gift vouchers (server/bookings/vouchers.ts): a form that makes one (an
 * amount, or a tour for a number of people, valid until a day) and shows its code to give, and
 * the list of every voucher with what it is worth, until when, and the booking that used it.
 */
import { formatPrice } from "#core/format";
import { tourPackageIds } from "#forms/tour-booking";
import type { VoucherRow } from "../../db/tour-vouchers";
import { formatDay, formatTime, type ViewContext } from "../shared/view-context";
import { bookingHref } from "../shared/links";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";
import { TourOptions } from "../shared/tour-options";

export interface VouchersPageProps {
  view: ViewContext;
  vouchers: readonly VoucherRow[];
  /** The booking that used each voucher last (and still does). */
  lastUses: ReadonlyMap<string, { bookingId: string; at: string }>;
  /** Today on the estate's clock: a voucher past its day shows as expired. */
  today: string;
  /** The code just made, to give the buyer. */
  created: string | null;
  /** The form's refused fields, each named at its field (and listed at the top). */
  fieldProblems: Record<string, string>;
  typed: Record<string, string>;
}

/** What a voucher is worth, in words: "€50", "Both châteaux tour, 2 people". */
export function voucherWorth(view: ViewContext, voucher: Pick<VoucherRow, "kind" | "amount_cents" | "package" | "guests">): string {
  if (voucher.kind === "value") return formatPrice((voucher.amount_cents ?? 0) / 100, view.lang);
  return view.t("vouchers.packageWorth", { tour: view.tourName(voucher.package ?? ""), count: voucher.guests ?? 1 });
}

/** A voucher's page (its card, its uses, void and edit). */
export const voucherHref = (code: string) => `/admin/vouchers/${encodeURIComponent(code)}`;

/** Where a voucher stands: voided, used up, what is left, used by a booking, past its day, or unused. */
export function VoucherState({
  view,
  voucher,
  today,
  lastUse,
}: {
  view: ViewContext;
  voucher: VoucherRow;
  today: string;
  /** The booking that used it last, and still does. */
  lastUse?: { bookingId: string; at: string } | undefined;
}) {
  if (voucher.voided_at !== null)
    return <span className="status status-declined">{view.t("vouchers.voided", { when: formatTime(view, voucher.voided_at) })}</span>;
  if (voucher.kind === "value" && voucher.remaining_cents === 0)
    return lastUse ? (
      <a href={bookingHref(lastUse.bookingId)}>{view.t("vouchers.usedUpOn", { when: formatTime(view, lastUse.at) })}</a>
    ) : (
      <span className="status status-cancelled">{view.t("vouchers.usedUp")}</span>
    );
  if (voucher.redeemed_by)
    return <a href={bookingHref(voucher.redeemed_by)}>{view.t("vouchers.used", { when: formatTime(view, voucher.redeemed_at ?? "") })}</a>;
  if (voucher.valid_until < today) return <span className="status status-declined">{view.t("vouchers.expired")}</span>;
  if (voucher.kind === "value" && voucher.remaining_cents !== null && voucher.remaining_cents !== voucher.amount_cents)
    return <span className="status status-confirmed">{view.t("vouchers.left", { amount: formatPrice(voucher.remaining_cents / 100, view.lang) })}</span>;
  return <span className="status status-confirmed">{view.t("vouchers.unused")}</span>;
}

export function VouchersPage({ view, vouchers, lastUses, today, created, fieldProblems, typed }: VouchersPageProps) {
  const kind = typed.kind === "package" ? "package" : "value";
  return (
    <Layout view={view} title={view.t("vouchers.title")}>
      {created ? (
        <Notice tone="done">
          {view.t("vouchers.created")} <strong className="voucher-code">{created}</strong>
        </Notice>
      ) : null}
      <Problems problems={[...new Set(Object.values(fieldProblems))]} />
      <form method="post" action="/admin/vouchers" className="panel content-form">
        <h2>{view.t("vouchers.new")}</h2>
        <CsrfField view={view} />
        <fieldset>
          <legend>{view.t("vouchers.kind")}</legend>
          <label className="check">
            <input type="radio" name="kind" value="value" defaultChecked={kind === "value"} />
            {view.t("vouchers.kindValue")}
          </label>
          <label className="check">
            <input type="radio" name="kind" value="package" defaultChecked={kind === "package"} />
            {view.t("vouchers.kindPackage")}
          </label>
        </fieldset>
        <div className="settings-grid">
          <label>
            {view.t("vouchers.amount")}
            <input
              type="number"
              name="amount"
              min={1}
              max={5000}
              step="0.01"
              inputMode="decimal"
              defaultValue={typed.amount ?? ""}
              {...invalid("amount", fieldProblems)}
            />
            <FieldProblem name="amount" problems={fieldProblems} />
          </label>
          <label>
            {view.t("vouchers.package")}
            <select name="package" defaultValue={typed.package ?? tourPackageIds[0]} {...invalid("package", fieldProblems)}>
              <TourOptions view={view} />
            </select>
          </label>
          <label>
            {view.t("vouchers.guests")}
            <input type="number" name="guests" min={1} max={50} defaultValue={typed.guests ?? "2"} {...invalid("guests", fieldProblems)} />
            <FieldProblem name="guests" problems={fieldProblems} />
          </label>
          <label>
            {view.t("vouchers.validUntil")}
            <input type="date" name="validUntil" required defaultValue={typed.validUntil ?? ""} {...invalid("validUntil", fieldProblems)} />
            <FieldProblem name="validUntil" problems={fieldProblems} />
          </label>
        </div>
        <label>
          {view.t("vouchers.note")}
          <input type="text" name="note" maxLength={200} defaultValue={typed.note ?? ""} {...invalid("note", fieldProblems)} />
          <FieldProblem name="note" problems={fieldProblems} />
        </label>
        <p className="help">{view.t("vouchers.help")}</p>
        <button type="submit">{view.t("vouchers.create")}</button>
      </form>
      <section aria-labelledby="vouchers-list" className="panel">
        <h2 id="vouchers-list">{view.t("vouchers.list")}</h2>
        {vouchers.length === 0 ? <p>{view.t("vouchers.none")}</p> : null}
        {vouchers.length > 0 ? (
          <table className="inbox-table">
            <thead>
              <tr>
                <th scope="col">{view.t("vouchers.code")}</th>
                <th scope="col">{view.t("vouchers.worth")}</th>
                <th scope="col">{view.t("vouchers.validUntil")}</th>
                <th scope="col">{view.t("vouchers.state")}</th>
                <th scope="col">{view.t("vouchers.column.note")}</th>
              </tr>
            </thead>
            <tbody>
              {vouchers.map((voucher) => (
                <tr key={voucher.code}>
                  <td data-label={view.t("vouchers.code")}>
                    <a href={voucherHref(voucher.code)}>
                      <code className="voucher-code">{voucher.code}</code>
                    </a>
                  </td>
                  <td data-label={view.t("vouchers.worth")}>{voucherWorth(view, voucher)}</td>
                  <td data-label={view.t("vouchers.validUntil")}>{formatDay(view, voucher.valid_until)}</td>
                  <td data-label={view.t("vouchers.state")}>
                    <VoucherState view={view} voucher={voucher} today={today} lastUse={lastUses.get(voucher.code)} />
                  </td>
                  <td data-label={view.t("vouchers.column.note")}>{voucher.note || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </Layout>
  );
}
