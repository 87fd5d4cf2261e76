/** The tours' e-mails as they arrive at the test SMTP server, and their calendar files read back with ical.js. */
import ICAL from "ical.js";
import { simpleParser, type Attachment, type ParsedMail } from "mailparser";
import { waitFor, type TestSmtp } from "./fixtures";

/** The e-mails to `to`, once `count` of them have arrived, parsed. */
export async function mailsTo(smtp: TestSmtp, to: string, count: number) {
  await waitFor(() => smtp.received.filter((mail) => mail.to.includes(to)).length >= count, `${count} mails to ${to}`);
  return Promise.all(smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => simpleParser(mail.raw)));
}

/** The one event of a calendar file, read back with the file's own VTIMEZONE: its method, UID, SEQUENCE, zone, local and UTC start, status. */
export function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    zone: event.startDate.zone.tzid,
    local: event.startDate.toString(),
    utc: event.startDate.toJSDate().toISOString(),
    status: event.component.getFirstPropertyValue("status"),
  };
}

/** The files an e-mail carries, without the pictures its HTML shows inline (the logo). */
export const filesOf = (mail: ParsedMail) => mail.attachments.filter((file) => !file.related && file.contentDisposition !== "inline");

/** An e-mail's calendar file. */
export function calendarOf(mail: ParsedMail | undefined): Attachment {
  const file = mail?.attachments.find((candidate) => candidate.contentType.startsWith("text/calendar"));
  if (!file) throw new Error(`no calendar file in “${mail?.subject ?? "no e-mail"}”`);
  return file;
}
