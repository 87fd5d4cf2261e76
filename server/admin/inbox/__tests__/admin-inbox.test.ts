/**
 * The "To do" inbox: by default what waits for an answer, newest first; done
 * and everything one click away; counts per form in the navigation; each form's own columns;
 * statuses offered per form; paging that clamps; tappable addresses and phone numbers.
 */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { isoWithOffset } from "../../../bookings/paris-time";
import { formatClock, formatDay } from "../../shared/view-context";
import { addStaff, attribute, elements, parseHtml, signedInStaff, textOf } from "../../../__tests__/support/admin";
import { closedAfterEachTest, validPayloads } from "../../../__tests__/support/fixtures";

const en = adminTranslator("en").t;
const fr = adminTranslator("fr").t;
const email = "anne@hermitage-lescours.example";
const password = "a long and unusual passphrase";
const { apps } = closedAfterEachTest();

const signedIn = () => signedInStaff(apps, email, password);

let clock = Date.parse("2026-11-20T09:00:00.000Z");

/** A submission, received one minute after the one before (the list's order does not depend on the machine's speed). */
async function submit(app: FastifyInstance, slug: string, table: string, payload: object): Promise<string> {
  const answer = await app.inject({ method: "POST", url: `/api/${slug}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });
  expect(answer.statusCode).toBe(201);
  const id = answer.json<{ id: string }>().id;
  clock += 60_000;
  const at = new Date(clock).toISOString();
  app.db.prepare(`UPDATE ${table} SET received_at = ? WHERE id = ?`).run(at, id);
  app.db.prepare("UPDATE inbox SET received_at = ? WHERE submission_id = ?").run(at, id);
  return id;
}

const setStatus = (app: FastifyInstance, id: string, status: string) => app.db.prepare("UPDATE inbox SET status = ? WHERE submission_id = ?").run(status, id);

const page = (html: string) => elements(parseHtml(html));
/** The names in the list, each leading to its submission. */
const names = (html: string) =>
  page(html)
    .filter((element) => element.tagName === "a" && attribute(element, "class") === "open")
    .map(textOf);
const byLabel = (html: string, label: string) => page(html).find((element) => attribute(element, "aria-label") === label);

/** A mixed inbox: two new bookings, a new and an archived message, an answered application, a newsletter sign-up. */
async function mixedInbox(app: FastifyInstance) {
  const oldBooking = await submit(app, "tour-bookings", "tour_bookings", {
    ...validPayloads.tourBooking,
    name: "Oliver Bennett",
    phone: "+44 20 7946 0958",
    guests: 2,
  });
  app.db.prepare("UPDATE tour_bookings SET date = '2027-03-06' WHERE id = ?").run(oldBooking);
  const archived = await submit(app, "contact-messages", "contact_messages", { ...validPayloads.contactMessage, name: "Archived Sender" });
  setStatus(app, archived, "archived");
  const answered = await submit(app, "importer-applications", "importer_applications", validPayloads.importerApplication);
  setStatus(app, answered, "answered");
  await submit(app, "newsletter-signups", "newsletter_subscribers", validPayloads.newsletterSignup);
  await submit(app, "contact-messages", "contact_messages", { ...validPayloads.contactMessage, subject: "Dinner in September" });
  await submit(app, "tour-bookings", "tour_bookings", { ...validPayloads.tourBooking, name: "王小明", email: "wang@example.cn" });
}

describe("the To do inbox", () => {
  it("shows by default only what waits for an answer, newest first, with done and everything one click away", async () => {
    const { app, client } = await signedIn();
    await mixedInbox(app);
    const todo = (await client.get("/admin")).body;
    expect(names(todo)).toEqual(["王小明", "Alex Smith", "Oliver Bennett"]);
    const tabs = byLabel(todo, en("inbox.view.label"))!;
    const links = elements(tabs).filter((element) => element.tagName === "a");
    expect(links.map((link) => [attribute(link, "href"), attribute(link, "aria-current") || null])).toEqual([
      ["/admin", "page"],
      ["/admin?status=done", null],
      ["/admin?status=all", null],
    ]);
    expect(names((await client.get("/admin?status=done")).body)).toEqual([validPayloads.importerApplication.contactName, "Archived Sender"]);
    expect(names((await client.get("/admin?status=all")).body)).toEqual([
      "王小明",
      "Alex Smith",
      validPayloads.newsletterSignup.email,
      validPayloads.importerApplication.contactName,
      "Archived Sender",
      "Oliver Bennett",
    ]);
    // A search looks through everything.
    expect(names((await client.get("/admin?q=Archived")).body)).toEqual(["Archived Sender"]);
  });

  it("counts what waits for an answer per form in the navigation", async () => {
    const { app, client } = await signedIn();
    await mixedInbox(app);
    const nav = byLabel((await client.get("/admin/privacy")).body, en("layout.nav.forms"))!;
    const links = elements(nav).filter((element) => element.tagName === "a");
    expect(links.map((link) => [attribute(link, "href"), textOf(link)])).toEqual([
      ["/admin?type=tour-bookings", "Bookings2"],
      ["/admin?type=contact-messages", "Messages1"],
      ["/admin?type=importer-applications", "Importers0"],
      ["/admin?type=newsletter-signups", "Newsletter"],
    ]);
    expect(
      elements(nav)
        .filter((element) => attribute(element, "class")?.startsWith("badge"))
        .map((badge) => attribute(badge, "aria-label")),
    ).toEqual(["2 to do", "1 to do", "nothing to do"]);
  });

  it("shows each form's own columns, with tappable addresses and phone numbers", async () => {
    const { app, client } = await signedIn();
    await mixedInbox(app);
    const bookings = (await client.get("/admin?type=tour-bookings")).body;
    const headers = page(bookings)
      .filter((element) => element.tagName === "th")
      .map(textOf);
    expect(headers).toEqual(["Name", "Received", "Preferred date", "Guests", "Tour", "Language", "Status"]);
    const rows = page(bookings)
      .filter((element) => element.tagName === "tr")
      .slice(1);
    const cells = elements(rows[1]!)
      .filter((element) => element.tagName === "td")
      .map(textOf);
    expect(cells.slice(2)).toEqual(["Sat 6 Mar 2027", "2", "Both châteaux tour", "French", "New"]);
    const hrefs = elements(rows[1]!)
      .filter((element) => element.tagName === "a")
      .map((link) => attribute(link, "href"));
    expect(hrefs).toEqual([
      expect.stringMatching(/^\/admin\/submissions\/tour-bookings\/[0-9a-f-]{36}$/),
      `mailto:${validPayloads.tourBooking.email}`,
      "tel:+442079460958",
    ]);
    const messages = (await client.get("/admin?type=contact-messages")).body;
    expect(
      page(messages)
        .filter((element) => element.tagName === "th")
        .map(textOf),
    ).toEqual(["Name", "Received", "Subject", "Language", "Status"]);
    expect(
      page(messages)
        .filter((element) => element.tagName === "td")
        .map(textOf),
    ).toContain("Dinner in September");
    // Without a form chosen, one column says what each is about.
    const mixed = page((await client.get("/admin")).body)
      .filter((element) => element.tagName === "td")
      .map(textOf);
    expect(mixed).toContain("Sat 6 Mar 2027 · 2 guests · Both châteaux tour");
    expect(mixed).toContain("Dinner in September");
  });

  it("offers only the chosen form's statuses", async () => {
    const { app, client } = await signedIn();
    await mixedInbox(app);
    const options = (html: string) => {
      const select = page(html).find(
        (element) =>
          element.tagName === "select" &&
          attribute(element, "name") === "status" &&
          !elements(element).some((option) => option.tagName === "option" && attribute(option, "value") === ""),
      )!;
      return elements(select)
        .filter((element) => element.tagName === "option")
        .map((option) => attribute(option, "value"));
    };
    expect(options((await client.get("/admin")).body)).toEqual(["todo", "done", "all"]);
    expect(options((await client.get("/admin?type=contact-messages")).body)).toEqual(["todo", "done", "all", "new", "answered", "archived"]);
    expect(options((await client.get("/admin?type=tour-bookings")).body)).toEqual(["todo", "done", "all", "new", "confirmed", "declined", "cancelled"]);
    expect(names((await client.get("/admin?type=contact-messages&status=archived")).body)).toEqual(["Archived Sender"]);
  });

  it("shows the last page for a page past the end", async () => {
    const { app, client } = await signedIn();
    for (let i = 0; i < 52; i++) await submit(app, "contact-messages", "contact_messages", { ...validPayloads.contactMessage, name: `Sender ${i}` });
    const last = await client.get("/admin?page=99");
    expect(last.statusCode).toBe(200);
    expect(textOf(page(last.body).find((element) => attribute(element, "aria-label") === en("inbox.paging"))!)).toContain(
      en("inbox.page", { page: 2, pages: 2 }),
    );
    expect(names(last.body)).toEqual(["Sender 1", "Sender 0"]);
  });

  it("shows who deals with each submission, and only what is assigned to me when asked, in English and French", async () => {
    const { app, client } = await signedIn();
    const paul = "paul@hermitage-lescours.example";
    await addStaff(app, paul, password);
    await mixedInbox(app);
    const idOf = (sql: string) => (app.db.prepare(sql).get() as { id: string }).id;
    const staffId = (address: string) => String((app.db.prepare("SELECT id FROM staff WHERE email = ?").get(address) as { id: number }).id);
    const assign = async (type: string, id: string, to: string) => {
      await client.get(`/admin/submissions/${type}/${id}`);
      expect((await client.post(`/admin/submissions/${type}/${id}/assign`, { staff: staffId(to) })).statusCode).toBe(303);
    };
    await assign("tour-bookings", idOf("SELECT id FROM tour_bookings WHERE name = 'Oliver Bennett'"), email);
    await assign("contact-messages", idOf("SELECT id FROM contact_messages WHERE subject = 'Dinner in September'"), paul);

    /** Each row's name and its status cell. */
    const rows = (html: string) =>
      page(html)
        .filter((element) => element.tagName === "tr")
        .slice(1)
        .map((row) => {
          const cells = elements(row).filter((element) => element.tagName === "td");
          return [textOf(elements(row).find((element) => attribute(element, "class") === "open")!), textOf(cells.at(-1)!)];
        });
    const all = await client.get("/admin");
    expect(rows(all.body)).toEqual([
      ["王小明", "New"],
      [validPayloads.contactMessage.name, `New${en("inbox.assignedTo", { who: paul })}`],
      ["Oliver Bennett", `New${en("inbox.assignedToYou")}`],
    ]);
    expect(en("inbox.assignedToYou")).toBe("Assigned to you");

    const mine = await client.get("/admin?mine=1");
    expect(mine.statusCode).toBe(200);
    expect(names(mine.body)).toEqual(["Oliver Bennett"]);
    const box = page(mine.body).find((element) => element.tagName === "input" && attribute(element, "name") === "mine")!;
    expect(attribute(box, "checked")).toBe("");
    // The views and the search keep the choice.
    const tabs = elements(byLabel(mine.body, en("inbox.view.label"))!)
      .filter((element) => element.tagName === "a")
      .map((link) => attribute(link, "href"));
    expect(tabs).toEqual(["/admin?mine=1", "/admin?status=done&mine=1", "/admin?status=all&mine=1"]);
    expect(names((await client.get("/admin?mine=1&status=all&q=Bennett")).body)).toEqual(["Oliver Bennett"]);
    expect(names((await client.get("/admin?mine=1&status=all&q=Dinner")).body)).toEqual([]);

    const french = await client.get("/admin", { "accept-language": "fr" });
    expect(rows(french.body).map(([, state]) => state)).toEqual(["Nouvelle", "NouvelleConfiée à paul@hermitage-lescours.example", "NouvelleVous est confiée"]);
    expect(
      textOf(
        page((await client.get("/admin?mine=1", { "accept-language": "fr" })).body).find(
          (element) => element.tagName === "label" && textOf(element).includes(fr("inbox.filter.mine")),
        )!,
      ),
    ).toBe("Seulement celles qui me sont confiées");

    const refused = await client.get("/admin?mine=yes");
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(en("error.query", { fields: "mine" }));
  });
});

describe("a booked time in the inbox's list (FN13)", () => {
  it("says the visit's time beside its day, in the staff's language", async () => {
    const { app, client } = await signedIn();
    const day = validPayloads.tourBooking.date;
    const id = await submit(app, "tour-bookings", "tour_bookings", {
      ...validPayloads.tourBooking,
      package: "hermitage",
      guests: 2,
      slot: isoWithOffset({ date: day, time: "10:00" }),
    });
    expect(app.db.prepare("SELECT slot_time AS time FROM tour_slot_bookings WHERE booking_id = ?").get(id)).toEqual({ time: "10:00" });
    const view = { lang: "fr" as const };
    const when = fr("inbox.dayAndTime", { day: formatDay(view, day), time: formatClock(view, "10:00") }).replace(/\s+/g, " ");
    const said = (body: string) => textOf(parseHtml(body)).replace(/\s+/g, " ");
    // The mixed list's summary, and the bookings' own list (a booking confirmed at once is done: all of them are shown).
    expect(said((await client.get("/admin?status=all", { "accept-language": "fr" })).body)).toContain(when);
    expect(said((await client.get("/admin?type=tour-bookings&status=all", { "accept-language": "fr" })).body)).toContain(when);
  });
});
