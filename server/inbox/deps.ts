/**
 * What the inbox's use-cases and reads are handed: the bookings' parts they share (the connection
 * for reads, the group commit that is the one way to write, the clock, and the estate as a staff
 * answer names it), made once by the bookings plugin (server/plugins/bookings.ts).
 */
import type { Bookings } from "../bookings/deps";
import type { InboxType } from "../forms";

export type Inbox = Pick<Bookings, "db" | "commits" | "now" | "estate">;

/** A submission as the inbox names it: its form's type and its id. */
export interface SubmissionRef {
  type: InboxType;
  id: string;
}
