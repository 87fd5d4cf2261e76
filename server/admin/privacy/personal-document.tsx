import { formatDate, formatEventDate, formatTime } from "#core/format";
import { languageTags, type Language } from "#core/languages";
import { formDefinitions } from "#forms/definitions";
import type { FieldDefinition } from "#forms/fields";
import { translator, type MessageId } from "#locales";
import { localOf } from "../../bookings/paris-time";
import type { ExportedSubmission, ExportedVisit, PersonalRecord } from "./personal-export";
import { estateTimeZone } from "../shared/view-context";
import { exportedFormMessage } from "../../forms";

type T = ReturnType<typeof translator>["t"];

/**
 * A stored moment (UTC) as the estate's clock reads it, written in the person's language the way
 * the site writes a day and an hour (« 1er décembre 2026 à 8 h 53 », "December 1, 2026, 8:53 AM").
 */
const parisTime = (iso: string, lang: Language) => {
  const { date, time } = localOf(new Date(iso), estateTimeZone);
  return translator(lang).t("dataExport.at", { date: formatDate(date, lang), time: formatTime(time, lang) });
};

/** Where a submission stands, in the visitor's words; a subscription's statuses say what they mean for it. */
function statusText(t: T, submission: ExportedSubmission): string {
  const subscription: Record<string, MessageId> = {
    pending: "dataExport.status.awaitingConfirmation",
    confirmed: "dataExport.status.subscribed",
    unsubscribed: "dataExport.status.unsubscribed",
  };
  const other: Record<string, MessageId> = {
    new: "dataExport.status.new",
    confirmed: "dataExport.status.confirmed",
    declined: "dataExport.status.declined",
    cancelled: "dataExport.status.cancelled",
    answered: "dataExport.status.answered",
    archived: "dataExport.status.archived",
  };
  const id = (submission.form === "newsletterSignup" ? subscription : other)[submission.status];
  return id ? t(id) : submission.status;
}

/** The subscription's dates the server keeps, by their export names. */
const keptLabels: Record<string, MessageId> = {
  consentedAt: "dataExport.consentedAt",
  confirmedAt: "dataExport.confirmedAt",
  unsubscribedAt: "dataExport.unsubscribedAt",
};

/** A field's value for the reader: a day written out, a number in their digits, a tour by its name, a ticked box as yes. */
function fieldText(field: FieldDefinition, value: string | number, lang: Language, tours: PersonalRecord["tours"], t: T): string {
  if (field.kind === "checkbox") return t("forms.ticked");
  if (field.kind === "date") return formatDate(String(value), lang);
  if (field.kind === "count") return new Intl.NumberFormat(languageTags[lang]).format(Number(value));
  if (field.kind === "choice") return tours[String(value)] ?? String(value);
  return String(value);
}

/** The label and the value of each thing the person gave, in the form's order. */
function fieldRows(submission: ExportedSubmission, t: T, lang: Language, tours: PersonalRecord["tours"]): [string, string, boolean][] {
  const form = formDefinitions[submission.form];
  const typed = form.fields.flatMap((field: FieldDefinition): [string, string, boolean][] => {
    const value = submission.fields[field.name];
    return value === undefined ? [] : [[t(field.label as MessageId), fieldText(field, value, lang, tours, t), field.kind === "text"]];
  });
  const kept = form.kept.flatMap(({ name }): [string, string, boolean][] => {
    const value = submission.fields[name];
    const label = keptLabels[name];
    return value === undefined || !label ? [] : [[t(label), parisTime(String(value), lang), false]];
  });
  return [...typed, ...kept];
}

/** A tour time: when, which tour, how many, and where it stands (the words of the visitor's own booking page). */
function Visit({
  visit,
  title,
  status,
  t,
  lang,
  tours,
}: {
  visit: ExportedVisit;
  title: string;
  status: string | null;
  t: T;
  lang: Language;
  tours: PersonalRecord["tours"];
}) {
  return (
    <section className="visit">
      <h4>{title}</h4>
      <p>{t("mail.booking.when", { date: formatEventDate(visit.date, lang), time: formatTime(visit.time, lang) })}</p>
      <p>{t("mail.booking.tour", { tour: tours[visit.tour] ?? visit.tour })}</p>
      <p>{t("mail.booking.guests", { count: visit.guests })}</p>
      {status ? <p>{status}</p> : null}
    </section>
  );
}

const visitStatuses: Record<string, MessageId> = {
  pending: "manage.status.pending",
  confirmed: "manage.status.confirmed",
  cancelled: "manage.status.cancelled",
  declined: "manage.status.declined",
  expired: "manage.status.expired",
};

const waitlistStatuses: Record<string, MessageId> = {
  waiting: "dataExport.waitlistStatus.waiting",
  offered: "dataExport.waitlistStatus.offered",
  taken: "dataExport.waitlistStatus.taken",
  lapsed: "dataExport.waitlistStatus.lapsed",
  gone: "dataExport.waitlistStatus.gone",
};

/** Where a place on a waitlist stands, in the person's words: an open offer with the moment it ends. */
function waitlistStatus(t: T, lang: Language, place: { status: string; offeredUntil?: string | null }): string {
  if (place.status === "offered" && place.offeredUntil) return t("dataExport.waitlistStatus.offeredUntil", { when: parisTime(place.offeredUntil, lang) });
  const id = waitlistStatuses[place.status];
  return id ? t(id) : place.status;
}

function Submission({ submission, t, lang, tours }: { submission: ExportedSubmission; t: T; lang: Language; tours: PersonalRecord["tours"] }) {
  const visitStatus = submission.visit ? visitStatuses[submission.visit.status] : undefined;
  return (
    <article>
      <h3>{t(exportedFormMessage(submission.form))}</h3>
      <dl>
        <dt>{t("dataExport.sentOn")}</dt>
        <dd>{parisTime(submission.receivedAt, lang)}</dd>
        <dt>{t("dataExport.page")}</dt>
        <dd>{submission.page}</dd>
        <dt>{t("dataExport.statusLabel")}</dt>
        <dd>{statusText(t, submission)}</dd>
        {fieldRows(submission, t, lang, tours).map(([label, value, long]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={long ? "long" : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {submission.visit ? (
        <Visit visit={submission.visit} title={t("manage.title")} status={visitStatus ? t(visitStatus) : null} t={t} lang={lang} tours={tours} />
      ) : null}
      {submission.waitlist ? (
        <Visit
          visit={submission.waitlist}
          title={t("dataExport.waitlistTitle")}
          status={waitlistStatus(t, lang, submission.waitlist)}
          t={t}
          lang={lang}
          tours={tours}
        />
      ) : null}
    </article>
  );
}

/**
 * Printable, self-contained and without script: it is saved and opened from a disk or a mail,
 * where no stylesheet of the site can be fetched, so its few rules are in the page, and its own
 * policy lets nothing else load. (No quote, ampersand or angle bracket in the rules: React escapes
 * the text it writes, and a style element does not read character references back.)
 */
const style = `
body { font: 16px/1.5 Georgia, serif; color: #2b2320; margin: 0; }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem; }
h1 { color: #6b1d2a; font-size: 1.6rem; margin-bottom: 0.25rem; }
h2 { color: #6b1d2a; font-size: 1.2rem; border-bottom: 1px solid #d8cfc8; padding-bottom: 0.2rem; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin: 1.5rem 0 0.5rem; }
h4 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
dl { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: 0.25rem 1rem; margin: 0; }
dl div { display: contents; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
.long, pre { white-space: pre-wrap; font: inherit; margin: 0; }
article { break-inside: avoid; }
.mail { border-left: 3px solid #d8cfc8; padding-left: 0.75rem; margin: 1rem 0; }
.meta { color: #5c514b; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 0.5rem; } }
`;

/** The readable copy of one person's data, in their language, as a whole HTML page. */
export function PersonalDocument({ record }: { record: PersonalRecord }) {
  const lang = record.language;
  const { t } = translator(lang);
  const title = t("dataExport.title", { estate: record.estate.name });
  return (
    <html lang={languageTags[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style>{style}</style>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p className="meta">{t("dataExport.madeOn", { date: parisTime(record.madeAt, lang) })}</p>
          <p>{t("dataExport.intro", { estate: record.estate.name, email: record.email })}</p>
          <h2>{t("dataExport.keeperTitle")}</h2>
          <p>
            {record.estate.controller}
            <br />
            {record.estate.address}
          </p>
          <p>{t("dataExport.contact", { email: record.estate.email, phone: record.estate.phone })}</p>
          <h2>{t("dataExport.submissionsTitle")}</h2>
          {record.submissions.length === 0 ? <p>{t("dataExport.noSubmissions")}</p> : null}
          {record.submissions.map((submission) => (
            <Submission key={`${submission.form}-${submission.receivedAt}`} submission={submission} t={t} lang={lang} tours={record.tours} />
          ))}
          {record.mailsToYou.length > 0 ? (
            <>
              <h2>{t("dataExport.mailsTitle")}</h2>
              {record.mailsToYou.map((mail, index) => (
                <article key={index} className="mail">
                  <h3>{mail.subject}</h3>
                  <p className="meta">{t(mail.sent ? "dataExport.mailSent" : "dataExport.mailQueued", { date: parisTime(mail.date, lang) })}</p>
                  <pre>{mail.text}</pre>
                </article>
              ))}
            </>
          ) : null}
          {record.copiesToEstate > 0 ? <p>{t("dataExport.copies", { count: record.copiesToEstate })}</p> : null}
          {record.staffNotes ? (
            <>
              <h2>{t("dataExport.notesTitle")}</h2>
              <dl>
                {record.staffNotes.tags.length > 0 ? (
                  <div>
                    <dt>{t("dataExport.tags")}</dt>
                    <dd>{record.staffNotes.tags.join(", ")}</dd>
                  </div>
                ) : null}
                {record.staffNotes.notes ? (
                  <div>
                    <dt>{t("dataExport.notes")}</dt>
                    <dd className="long">{record.staffNotes.notes}</dd>
                  </div>
                ) : null}
                {record.staffNotes.country ? (
                  <div>
                    <dt>{t("dataExport.country")}</dt>
                    <dd>{new Intl.DisplayNames([languageTags[lang]], { type: "region" }).of(record.staffNotes.country) ?? record.staffNotes.country}</dd>
                  </div>
                ) : null}
              </dl>
            </>
          ) : null}
          <p className="meta">{t("dataExport.rights")}</p>
        </main>
      </body>
    </html>
  );
}
