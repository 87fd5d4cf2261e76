import type { ReactNode } from "react";
import type { FormDefinitions, FormKind } from "#forms/definitions";
import type { FieldKind } from "#forms/fields";
import { kindOfType, serverForms } from "../../forms";
import type { AuditEntry } from "../../db/audit";
import type { InboxRow, SubmissionMail } from "../../db/inbox";
import { columnLabel } from "../shared/spreadsheet";
import { dayName, formatDay, formatTime, languageLabel, statusName, typeName, type ViewContext } from "../shared/view-context";
import { actorName, describeAction, historyText } from "../shared/actions";
import { telHref } from "../shared/links";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { placesLeftOnly, SlotChoice, timesLegend } from "../shared/slot-choice";

export type Done = "confirmed" | "declined" | "status" | "replied" | "noted" | "assigned" | "unassigned" | "created" | null;

/** The page's forms that the staff send. */
export type AnswerForm = "confirm" | "decline" | "status" | "reply" | "note" | "assign";

/** A form of the page its route refused: which one, what was typed in it, and each refused field's message. */
export interface RefusedAnswer {
  form: AnswerForm;
  typed: Partial<Record<string, string>>;
  problems: Partial<Record<string, string>>;
}

/** What a form of the page shows: as typed and with its refused fields when it is the one refused, else as new. */
export function answerState(refused: RefusedAnswer | null, form: AnswerForm): Pick<RefusedAnswer, "typed" | "problems"> {
  return refused?.form === form ? refused : { typed: {}, problems: {} };
}

/** A time a request without one can be confirmed into, as the page offers it. */
export interface ConfirmOption {
  /** The slot's `start` (with that day's offset), the value the form sends. */
  start: string;
  time: string;
  placesLeft: number;
}

/** What confirming a request without a time offers: a day, its times with their places, and whether an admin may go over them. */
interface ConfirmChoice {
  day: string;
  options: ConfirmOption[];
  canOverride: boolean;
  guests: number;
}

export interface SubmissionPageProps {
  view: ViewContext;
  form: FormDefinitions[FormKind];
  entry: InboxRow;
  /** The submission's stored fields by name (../../forms/stored.ts). */
  row: Readonly<Record<string, string | number | boolean | null>>;
  mails: readonly SubmissionMail[];
  history: readonly AuditEntry[];
  done: Done;
  /** What the staff sent that could not be used, named (a refused form's field problems are added to these). */
  problems: readonly string[];
  /** The form that was refused, shown as typed with each problem at its field. */
  refused: RefusedAnswer | null;
  /** The tour's name, for a booking. */
  tourName: string | null;
  /** A booking's tour time and its actions (./booking-slot-panel.tsx), for a booking with a slot. */
  slotPanel?: ReactNode;
  /** A tour booking's experience (price, private tour, voucher, deposit) and the guest behind it (./booking-extras.tsx). */
  guestPanel?: ReactNode;
  /** For a tour booking without a time: the day and times it can be confirmed into. */
  confirm?: ConfirmChoice | null;
  /** The reply to the visitor (./reply-panel.tsx), for a form that can be answered by e-mail. */
  replyPanel?: ReactNode;
  /** Internal notes (./notes-panel.tsx) and assignment (./assign-panel.tsx). */
  notesPanel?: ReactNode;
  assignPanel?: ReactNode;
  /** The address of the colleague dealing with it, or null. */
  assignee?: string | null;
}

/** A field's value as staff use it: an address or a phone number one tap away, a day written out, a tour by name, a ticked box as yes. */
function FieldValue({ view, kind, value, tourName }: { view: ViewContext; kind: FieldKind; value: string | number | boolean | null; tourName: string | null }) {
  if (value === null || value === "" || value === false) return <>—</>;
  if (kind === "checkbox") return <>{view.t("field.ticked")}</>;
  const text = String(value);
  if (kind === "email") return <a href={`mailto:${text}`}>{text}</a>;
  if (kind === "phone") return <a href={telHref(text)}>{text}</a>;
  if (kind === "date") return <>{formatDay(view, text)}</>;
  if (kind === "choice" && tourName) return <>{tourName}</>;
  return <>{text}</>;
}

function Fields({ view, form, row, tourName }: Pick<SubmissionPageProps, "view" | "form" | "row" | "tourName">) {
  return (
    <dl className="fields">
      {form.fields.map((field) => {
        const value = row[field.name];
        return (
          <div key={field.name}>
            <dt>{columnLabel(view, field.name)}</dt>
            <dd className={field.kind === "text" ? "long-text" : undefined}>
              <FieldValue view={view} kind={field.kind} value={value ?? null} tourName={tourName} />
            </dd>
          </div>
        );
      })}
      {form.kept.map((column) => (
        <div key={column.name}>
          <dt>{columnLabel(view, column.name)}</dt>
          <dd>{row[column.name] ? formatTime(view, String(row[column.name])) : "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function Envelope({ view, entry, assignee }: { view: ViewContext; entry: InboxRow; assignee: string | null }) {
  return (
    <dl className="envelope">
      <div>
        <dt>{view.t("submission.received")}</dt>
        <dd>{formatTime(view, entry.received_at)}</dd>
      </div>
      <div>
        <dt>{view.t("inbox.column.language")}</dt>
        <dd>{languageLabel(view, entry.language)}</dd>
      </div>
      <div>
        <dt>{view.t("inbox.column.page")}</dt>
        <dd>{entry.page}</dd>
      </div>
      <div>
        <dt>{view.t("submission.reference")}</dt>
        <dd>
          <code>{entry.submission_id}</code>
        </dd>
      </div>
      <div>
        <dt>{view.t("inbox.column.status")}</dt>
        <dd>
          <span className={`status status-${entry.status}`}>{statusName(view, entry.status)}</span>
        </dd>
      </div>
      <div>
        <dt>{view.t("assign.label")}</dt>
        <dd>{assignee ?? view.t("assign.nobody")}</dd>
      </div>
    </dl>
  );
}

function mailState(view: ViewContext, mail: SubmissionMail): string {
  if (mail.sent_at) return view.t("mail.sent", { when: formatTime(view, mail.sent_at) });
  if (mail.failed_at) return view.t("mail.failed", { when: formatTime(view, mail.failed_at), count: mail.attempts, error: mail.last_error ?? "" });
  return view.t("mail.waiting", { count: mail.attempts, error: mail.last_error ?? "—" });
}

function Mails({ view, mails }: { view: ViewContext; mails: readonly SubmissionMail[] }) {
  return (
    <section aria-labelledby="mails-title" className="panel">
      <h2 id="mails-title">{view.t("mail.title")}</h2>
      {mails.length === 0 ? (
        <p>{view.t("mail.none")}</p>
      ) : (
        <ul className="mails">
          {mails.map((mail) => {
            const files = (JSON.parse(mail.attachments) as { filename: string }[]).map((file) => file.filename);
            return (
              <li key={mail.id}>
                <strong>
                  {view.t(mail.kind === "reply" ? "mail.kind.reply" : mail.kind === "confirmation" ? "mail.kind.confirmation" : "mail.kind.notification")}
                </strong>{" "}
                {view.t("mail.to", { recipient: mail.recipient })} — {mail.subject}
                <br />
                {mailState(view, mail)}
                {files.length > 0 ? ` ${view.t("mail.attachments", { files: files.join(", ") })}` : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The words a history entry keeps (a reply's text), shown under it as sent; nothing once an erasure cleared them. */
function HistoryText({ entry, lang }: { entry: AuditEntry; lang: string }) {
  const text = historyText(entry);
  if (text === null) return null;
  return (
    <blockquote className="long-text history-text" lang={lang}>
      {text}
    </blockquote>
  );
}

function History({ view, entry, history }: { view: ViewContext; entry: InboxRow; history: readonly AuditEntry[] }) {
  return (
    <section aria-labelledby="history-title" className="panel">
      <h2 id="history-title">{view.t("history.title")}</h2>
      <ol className="history">
        <li>
          <time dateTime={entry.received_at}>{formatTime(view, entry.received_at)}</time> — {view.t("history.received")}
        </li>
        {history.map((item) => (
          <li key={item.id}>
            <time dateTime={item.at}>{formatTime(view, item.at)}</time> — {describeAction(view, item)} ({actorName(view, item.actor)})
            <HistoryText entry={item} lang={item.action === "reply.sent" ? entry.language : view.lang} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function BookingAnswer({ view, entry, refused, confirm }: Pick<SubmissionPageProps, "view" | "entry" | "refused"> & { confirm: ConfirmChoice }) {
  if (entry.status !== "new") return null;
  const base = `/admin/submissions/${encodeURIComponent(entry.type)}/${encodeURIComponent(entry.submission_id)}`;
  const language = languageLabel(view, entry.language);
  const { day, options, canOverride, guests } = confirm;
  const confirming = answerState(refused, "confirm");
  const declining = answerState(refused, "decline");
  return (
    <section aria-labelledby="answer-title" className="panel" id="answer">
      <h2 id="answer-title">{view.t("booking.title")}</h2>
      <p>{view.t("booking.note", { language })}</p>
      <div className="answer slot-move">
        <h3>{view.t("booking.confirm.title")}</h3>
        <p className="help">{view.t("booking.confirm.help", { count: guests })}</p>
        <SlotChoice
          view={view}
          day={day}
          dayForm={{ action: `${base}#answer`, field: "confirmDay", label: view.t("booking.confirm.date"), className: "slot-move-day" }}
          options={placesLeftOnly(options)}
          guests={guests}
          canOverride={canOverride}
          chosen={confirming.typed.slot}
          problems={confirming.problems}
          none={view.t("booking.confirm.none", { date: dayName(view, day) })}
          timesForm={{
            action: `${base}/confirm`,
            className: "slot-move-times",
            legend: timesLegend(view, day),
            before: <input type="hidden" name="day" value={day} />,
            after: (
              <>
                {canOverride ? (
                  <label>
                    {view.t("booking.confirm.overReason")}
                    <textarea name="reason" maxLength={500} rows={2} defaultValue={confirming.typed.reason ?? ""} {...invalid("reason", confirming.problems)} />
                    <FieldProblem name="reason" problems={confirming.problems} />
                  </label>
                ) : null}
                <button type="submit">{view.t("booking.confirm.submit")}</button>
              </>
            ),
          }}
        />
      </div>
      <form method="post" action={`${base}/decline`} className="answer">
        <CsrfField view={view} />
        <h3>{view.t("booking.decline.title")}</h3>
        <label>
          {view.t("booking.decline.reason")}
          <textarea name="reason" required maxLength={2000} rows={4} defaultValue={declining.typed.reason ?? ""} {...invalid("reason", declining.problems)} />
          <FieldProblem name="reason" problems={declining.problems} />
        </label>
        <button type="submit">{view.t("booking.decline.submit")}</button>
      </form>
    </section>
  );
}

function StatusForm({ view, entry, statuses, problem }: { view: ViewContext; entry: InboxRow; statuses: readonly string[]; problem: string | undefined }) {
  const base = `/admin/submissions/${encodeURIComponent(entry.type)}/${encodeURIComponent(entry.submission_id)}`;
  const problems = problem ? { status: problem } : {};
  return (
    <section aria-labelledby="status-title" className="panel">
      <h2 id="status-title">{view.t("statusForm.title")}</h2>
      <form method="post" action={`${base}/status`} className="inline-form">
        <CsrfField view={view} />
        <label>
          {view.t("inbox.column.status")}
          <select name="status" defaultValue={entry.status} {...invalid("status", problems)}>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusName(view, status as InboxRow["status"])}
              </option>
            ))}
          </select>
          <FieldProblem name="status" problems={problems} />
        </label>
        <button type="submit">{view.t("statusForm.submit")}</button>
      </form>
    </section>
  );
}

const doneMessages = {
  confirmed: "done.confirmed",
  declined: "done.declined",
  status: "done.status",
  replied: "done.replied",
  noted: "done.noted",
  assigned: "done.assigned",
  unassigned: "done.unassigned",
  created: "done.created",
} as const;

/** One submission: every field, its e-mails, its history, and what the staff can do with it. */
export function SubmissionPage(props: SubmissionPageProps & { statuses: readonly string[] }) {
  const {
    view,
    form,
    entry,
    row,
    mails,
    history,
    done,
    problems,
    refused,
    tourName,
    statuses,
    slotPanel,
    guestPanel,
    confirm,
    replyPanel,
    notesPanel,
    assignPanel,
    assignee,
  } = props;
  const title = view.t("submission.title", { type: typeName(view, entry.type), name: entry.name ?? entry.email });
  return (
    <Layout view={view} title={title}>
      <p>
        <a href="/admin">{view.t("submission.back")}</a>
      </p>
      {done ? <Notice tone="done">{view.t(doneMessages[done])}</Notice> : null}
      <Problems
        problems={[...new Set([...problems, ...Object.values(refused?.problems ?? {})])].filter((problem): problem is string => problem !== undefined)}
      />
      <Envelope view={view} entry={entry} assignee={assignee ?? null} />
      <Fields view={view} form={form} row={row} tourName={tourName} />
      {/* A booking with a tour time is answered from its slot's panel, with its places counted. */}
      {slotPanel ??
        (kindOfType(entry.type) === "tourBooking" && confirm ? <BookingAnswer view={view} entry={entry} refused={refused} confirm={confirm} /> : null)}
      {guestPanel ?? null}
      {serverForms[kindOfType(entry.type)].handling.statusByHand ? (
        <StatusForm view={view} entry={entry} statuses={statuses} problem={answerState(refused, "status").problems.status} />
      ) : null}
      {assignPanel ?? null}
      {replyPanel ?? null}
      {notesPanel ?? null}
      <Mails view={view} mails={mails} />
      <History view={view} entry={entry} history={history} />
    </Layout>
  );
}
