import type { Page } from "@playwright/test";
import { content } from "#content";
import { textIn } from "#content/text";
import { formatPrice, formatTime } from "#core/format";
import { languages, type Language } from "#core/languages";
import { quoteTour } from "#core/tour-price";
import { violations } from "./support/axe";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { formFields, honeypot, mockApi, pathIn, text, toastRegion } from "./support/visit";

/** The booking form: every page also has the footer's newsletter sign-up, with its own e-mail field. */
const bookingForm = 'form[aria-labelledby="booking-title"]';

const { packages, facts } = content.tours;
const tour = (id: string) => packages.find((p) => p.id === id)!;
/** A price as the language writes it, worked out here with Intl itself. */
const euros = (amount: number, lang = "en") => new Intl.NumberFormat(lang, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(amount);
/** "€65 per person", "€65/位": the card's price line as the language's catalog words it, tags dropped. */
const perPerson = (lang: string, amount: number) => text(lang, "wineTours.packages.pricePerPerson", { price: euros(amount, lang) }).replace(/<\/?amount>/g, "");

/** A preferred date the form accepts whenever the test runs: two months ahead (at most two years, forms/tour-booking.ts). */
const preferredDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

const card = (page: Page, id: string) => page.locator(`li[data-package="${id}"]`);
const choose = (page: Page, id: string) => card(page, id).getByRole("button");
const submit = (page: Page) => page.locator('form[aria-labelledby="booking-title"] button[type="submit"]');
const pressed = (page: Page) => Promise.all(["hermitage", "mongiron", "both"].map(async (id) => [id, await choose(page, id).getAttribute("aria-pressed")]));

async function open(page: Page, path = "/wine-tours") {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

test.describe("/wine-tours", () => {
  test("shows the hero, the experience, three packages with the spec's prices, three highlights, the journey and the form", async ({ page, problems }) => {
    await open(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Wine Tours");
    const h2 = await page.locator("main h2").allInnerTexts();
    expect(h2).toEqual(["An hour among the vines and barrels", "Choose your tour", "Good to know", "A curated journey", "Book your tour"]);

    const cards = await page.locator("li[data-package]").evaluateAll((items) =>
      items.map((li) => ({
        id: li.getAttribute("data-package"),
        title: li.querySelector("h3")?.textContent,
        text: (li as HTMLElement).innerText,
      })),
    );
    expect(cards.map((c) => [c.id, c.title])).toEqual(packages.map((p) => [p.id, textIn(p.title, "en")]));
    for (const [index, p] of packages.entries()) {
      expect(cards[index]!.text).toContain(perPerson("en", p.price));
      expect(cards[index]!.text.includes("Printed tasting notes to take home"), p.id).toBe(p.tastingNotes);
      expect(cards[index]!.text).toContain(`${facts.durationMinutes} minutes`);
      expect(cards[index]!.text).toContain(`Small groups of up to ${facts.maxGroupSize} people`);
    }
    // Spec §9: L'Hermitage Lescours is premium, both châteaux most popular.
    expect(cards[0]!.text).toMatch(/premium/i);
    expect(cards[2]!.text).toMatch(/most popular/i);

    const highlights = await page.locator('section[aria-labelledby="highlights-title"] h3').allInnerTexts();
    expect(highlights).toEqual([`${facts.durationMinutes} minutes`, `Up to ${facts.maxGroupSize} guests`, "Every day"]);
    const journey = await page.locator('section[aria-labelledby="journey-title"]').innerText();
    expect(journey).toContain("Daily, by appointment");
    expect(journey).toContain("Guided in French and Chinese");
    expect(journey).toContain("Transport is not provided");
    expect(journey).toMatch(new RegExp(`${textIn(tour("mongiron").title, "en")}\\s+${euros(tour("mongiron").price).replace(".", "\\.")}`));
    expect(problems).toEqual([]);
  });

  test("starts with no package: the button is disabled and asks to select one first", async ({ page }) => {
    await open(page);
    expect(await pressed(page)).toEqual([
      ["hermitage", "false"],
      ["mongiron", "false"],
      ["both", "false"],
    ]);
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await submit(page).innerText()).toBe("Please select a package first");
    expect(await page.getByTestId("selected-package").innerText()).toBe("Please select a package");
    const hint = page.getByRole("link", { name: "Please select a package above" });
    expect(await hint.getAttribute("href")).toBe("#packages");
  });

  test("marks the chosen card (aria-pressed), names the package and enables the button; the choice can change freely", async ({ page }) => {
    await open(page);
    await choose(page, "hermitage").click();
    expect(await pressed(page)).toEqual([
      ["hermitage", "true"],
      ["mongiron", "false"],
      ["both", "false"],
    ]);
    expect(await submit(page).isEnabled()).toBe(true);
    expect(await submit(page).innerText()).toBe("Send my request");
    expect(await page.getByTestId("selected-package").innerText()).toBe(
      `${textIn(tour("hermitage").selectedLabel, "en")} — ${euros(tour("hermitage").price)} per person`,
    );
    expect(await card(page, "hermitage").innerText()).toContain("Selected");
    // The choice has a name a screen reader announces with the package's title.
    expect(await page.getByRole("button", { name: `Choose this tour ${textIn(tour("hermitage").title, "en")}`, pressed: true }).count()).toBe(1);

    await choose(page, "both").click();
    expect(await pressed(page)).toEqual([
      ["hermitage", "false"],
      ["mongiron", "false"],
      ["both", "true"],
    ]);
    expect(await page.getByTestId("selected-package").innerText()).toBe(
      `${textIn(tour("both").selectedLabel, "en")} — ${euros(tour("both").price)} per person`,
    );
    expect(await card(page, "hermitage").innerText()).not.toContain("Selected");

    await choose(page, "mongiron").click();
    expect(await page.getByTestId("selected-package").innerText()).toBe(
      `${textIn(tour("mongiron").selectedLabel, "en")} — ${euros(tour("mongiron").price)} per person`,
    );
    expect(await submit(page).isEnabled()).toBe(true);
  });

  test("has the spec's fields, each with a visible label and the browser's own validation", async ({ page }) => {
    await open(page);
    expect(await formFields(page, 'form[aria-labelledby="booking-title"]')).toEqual([
      { name: "name", type: "text", required: true, label: "Name", labelVisible: true },
      { name: "email", type: "email", required: true, label: "Email", labelVisible: true },
      { name: "phone", type: "tel", required: false, label: "Phone", labelVisible: true },
      { name: "guests", type: "number", required: false, min: "1", label: "Number of guests", labelVisible: true },
      { name: "date", type: "date", required: false, label: text("en", "wineTours.form.date"), labelVisible: true },
      { name: "message", type: "textarea", required: false, label: "Message", labelVisible: true },
      { name: "noThanks", type: "checkbox", required: false, label: text("en", "wineTours.form.noThanks"), labelVisible: true },
    ]);
    expect(await honeypot(page, 'form[aria-labelledby="booking-title"]')).toEqual({
      tabIndex: -1,
      autocomplete: "off",
      labelled: true,
      hidden: true,
      onScreen: false,
    });

    // Native validation stops a submission without a name, with a bad e-mail or with 0 guests.
    const api = await mockApi(page, 201);
    await choose(page, "both").click();
    await submit(page).click();
    await page.locator(bookingForm).getByLabel("Name").fill("Ada Lovelace");
    await page.locator(bookingForm).getByLabel("Email").fill("not-an-email");
    await submit(page).click();
    await page.locator(bookingForm).getByLabel("Email").fill("ada@example.com");
    await page.locator(bookingForm).getByLabel("Number of guests").fill("0");
    await submit(page).click();
    expect(await page.locator('input[name="guests"]').evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
    expect(api.calls).toEqual([]);
  });

  test("sends the booking, shows a busy button, then the success toast, and empties the form and the choice", async ({ page, problems }) => {
    await open(page);
    const api = await mockApi(page, 201, { hold: true });
    await choose(page, "both").click();
    await page.locator(bookingForm).getByLabel("Name").fill("Ada Lovelace");
    await page.locator(bookingForm).getByLabel("Email").fill("ada@example.com");
    await page.locator(bookingForm).getByLabel("Phone").fill("+44 20 7946 0000");
    await page.locator(bookingForm).getByLabel("Number of guests").fill("3");
    await page.locator(bookingForm).getByLabel(text("en", "wineTours.form.date")).fill(preferredDate);
    // With a package and a date chosen, the day's times come from the server (not mocked: only forms are).
    await page.getByTestId("tour-times").waitFor();
    await page.locator(bookingForm).getByLabel("Message").fill("One of us is vegetarian.");
    await submit(page).click();

    await expect.poll(() => submit(page).getAttribute("aria-busy")).toBe("true");
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await submit(page).innerText()).toBe("Sending…");
    expect(await toastRegion(page).count()).toBe(0);
    api.release();

    const toast = page.locator("[data-tone=success]");
    await toast.waitFor();
    expect(await toast.innerText()).toContain("Booking Request Received");
    expect(await toast.innerText()).toContain(text("en", "wineTours.form.success.description"));
    expect(await toast.evaluate((el) => el.closest('[role="status"]')?.getAttribute("aria-live"))).toBe("polite");

    expect(api.calls).toHaveLength(1);
    expect(new URL(api.calls[0]!.url).pathname).toBe("/api/tour-bookings");
    expect(api.calls[0]!.body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0000",
      guests: 3,
      date: preferredDate,
      message: "One of us is vegetarian.",
      // The box that refuses the thank-you e-mail, left unticked.
      noThanks: false,
      package: "both",
      language: "en",
      page: "/wine-tours",
      fax: "",
    });

    for (const name of ["name", "email", "phone", "guests", "date", "message"]) {
      expect(await page.locator(`${bookingForm} [name="${name}"]`).inputValue(), name).toBe("");
    }
    expect(await pressed(page)).toEqual([
      ["hermitage", "false"],
      ["mongiron", "false"],
      ["both", "false"],
    ]);
    expect(await submit(page).innerText()).toBe("Please select a package first");
    expect(await submit(page).getAttribute("aria-busy")).toBe("false");

    // The toast can be dismissed.
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    expect(await page.locator("[data-tone]").count()).toBe(0);
    expect(await page.locator('[role="status"][aria-live="polite"]').count()).toBeGreaterThan(0);
    expect(problems.filter((p) => !p.includes("api/"))).toEqual([]);
  });

  test("keeps everything typed and the choice when the server fails, and says so", async ({ page }) => {
    await open(page, "/fr/wine-tours");
    await mockApi(page, 500, { body: { error: "Internal Server Error" } });
    await choose(page, "mongiron").click();
    await page.locator(`${bookingForm} [name="name"]`).fill("Ada Lovelace");
    await page.locator(`${bookingForm} [name="email"]`).fill("ada@example.com");
    await page.locator(bookingForm).getByLabel("Nombre de participants").fill("2");
    await submit(page).click();
    const toast = page.locator("[data-tone=error]");
    await toast.waitFor();
    expect(await toast.innerText()).toContain(text("fr", "forms.error.title"));
    expect(await toast.innerText()).toContain(text("fr", "forms.error.server"));
    expect(await page.locator(`${bookingForm} [name="name"]`).inputValue()).toBe("Ada Lovelace");
    expect(await page.locator(`${bookingForm} [name="email"]`).inputValue()).toBe("ada@example.com");
    expect(await page.locator(`${bookingForm} [name="guests"]`).inputValue()).toBe("2");
    expect(await choose(page, "mongiron").getAttribute("aria-pressed")).toBe("true");
    expect(await submit(page).isEnabled()).toBe(true);
    expect(await submit(page).innerText()).toBe(text("fr", "wineTours.form.submit.request"));
  });

  test("names the fields the server refused and marks them invalid", async ({ page }) => {
    await open(page);
    await mockApi(page, 400, { body: { error: "Invalid submission", fields: ["phone"] } });
    await choose(page, "hermitage").click();
    await page.locator(bookingForm).getByLabel("Name").fill("Ada");
    await page.locator(bookingForm).getByLabel("Email").fill("ada@example.com");
    await page.locator(bookingForm).getByLabel("Phone").fill("0123");
    await submit(page).click();
    await page.locator("[data-tone=error]").waitFor();
    // One field refused: the singular of the message.
    expect(await page.locator("[data-tone=error]").innerText()).toContain(text("en", "forms.error.fields", { count: 1, fields: "Phone" }));
    expect(await page.locator("[data-tone=error]").innerText()).toContain("Please check this field: Phone.");
    expect(await page.locator(bookingForm).getByLabel("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(
      await page
        .locator(bookingForm)
        .getByLabel("Phone")
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await page.locator(bookingForm).getByLabel("Phone").inputValue()).toBe("0123");
  });

  test("passes axe with a package chosen, a field refused and the error toast showing", async ({ page }) => {
    await open(page, "/zh/wine-tours");
    for (const p of packages) expect(await card(page, p.id).innerText()).toContain(perPerson("zh", p.price));
    await mockApi(page, 400, { body: { error: "Invalid submission", fields: ["email"] } });
    await choose(page, "hermitage").click();
    await page.locator(`${bookingForm} [name="name"]`).fill("Ada");
    await page.locator(`${bookingForm} [name="email"]`).fill("ada@example.com");
    await submit(page).click();
    await page.locator("[data-tone=error]").waitFor();
    expect(await violations(page)).toEqual([]);
  });

  test("hides a toast by itself after about six seconds", async ({ page }) => {
    await open(page);
    await mockApi(page, 503);
    await choose(page, "hermitage").click();
    await page.locator(bookingForm).getByLabel("Name").fill("Ada");
    await page.locator(bookingForm).getByLabel("Email").fill("ada@example.com");
    // Timed in the page, from the moment the toast is in the document to the moment it leaves it:
    // how quickly the test notices either does not count.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver(() => {
        const present = document.querySelector("[data-tone=error]") !== null;
        if (present) times.shown ??= performance.now();
        else if (times.shown !== undefined) times.gone ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await submit(page).click();
    const toast = page.locator("[data-tone=error]");
    await toast.waitFor();
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0);
    const { shown, gone } = await page.evaluate(() => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes);
    const elapsed = gone - shown;
    expect(elapsed).toBeGreaterThan(4_500);
    expect(elapsed).toBeLessThan(8_500);
  });

  for (const lang of languages) {
    test(`speaks ${lang}: the spec's messages and labels are translated`, async ({ page, problems }) => {
      await open(page, pathIn(lang, "/wine-tours"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(text(lang, "wineTours.hero.title"));
      expect(await submit(page).innerText()).toBe(text(lang, "wineTours.form.selectFirst"));
      expect(await page.getByTestId("selected-package").innerText()).toBe(text(lang, "wineTours.form.noPackage"));
      expect(await page.getByRole("link", { name: text(lang, "wineTours.form.selectAbove") }).count()).toBe(1);
      await choose(page, "both").click();
      expect(await submit(page).innerText()).toBe(text(lang, "wineTours.form.submit.request"));
      expect(await page.getByTestId("selected-package").innerText()).toContain(textIn(tour("both").selectedLabel, lang));
      if (lang !== "en") expect(await page.locator("main").innerText()).not.toContain("Choose this tour");
      expect(problems).toEqual([]);
    });
  }
});

/**
 * The button says what sending the form commits the visitor to, in every language (the native
 * readers of 29 November 2026, N1: C. conso. L. 221-14, TRLGDCU art. 98.2), and the notice above it
 * links the terms and the privacy policy and says a tour has no right of withdrawal but can be
 * cancelled free of charge until the package's cut-off (N2). The availability the page reads is
 * answered here with each kind of time and package (a full time, a deposit, a longer cut-off, a
 * package the estate confirms), which the server's tests answer for real (server/__tests__/booking-terms.test.ts).
 */
test.describe("the booking button and the notice above it", () => {
  const day = preferredDate;
  const slots = [
    { start: `${day}T10:00:00+02:00`, capacity: 8, placesLeft: 8 },
    { start: `${day}T15:00:00+02:00`, capacity: 8, placesLeft: 0 },
  ];
  const hermitage = tour("hermitage");

  async function answerAvailability(page: Page, rules: Record<string, unknown>) {
    await page.route("**/api/tours/availability?*", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ slots, ...rules }) }),
    );
  }

  /** The chosen package, two guests and the day typed: the times are on screen. */
  async function fill(page: Page, lang: string) {
    await open(page, pathIn(lang, "/wine-tours"));
    await choose(page, "hermitage").click();
    await page.locator(`${bookingForm} [name="guests"]`).fill("2");
    await page.locator(`${bookingForm} [name="date"]`).fill(day);
    await page.getByTestId("tour-times").waitFor();
  }

  const time = (page: Page, lang: string, at: string) =>
    page.getByTestId("tour-times").getByLabel(new RegExp(`^${formatTime(at, lang as Language).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  const notice = (page: Page) => page.getByTestId("booking-notice");
  const terms = (page: Page) => page.getByTestId("booking-terms");

  for (const lang of languages) {
    test(`in ${lang}: a request, a booking that obliges to pay, a waitlist, each named on the button, under the terms' notice`, async ({ page, problems }) => {
      await answerAvailability(page, { cutoffHours: 48, instantConfirm: true });
      await fill(page, lang);
      // No time: the estate answers a request.
      await expect(submit(page)).toHaveText(text(lang, "wineTours.form.submit.request"));
      await time(page, lang, "10:00").check();
      await expect(submit(page)).toHaveText(text(lang, "wineTours.form.submit.firm"));
      // The package's own cut-off, from the answer of the chosen time.
      await expect(terms(page)).toHaveText(text(lang, "wineTours.form.notice.terms", { hours: 48 }));
      // The thank-you e-mail after the visit can be refused when booking (privacy policy, CPCE L. 34-5).
      await expect(notice(page)).toContainText(text(lang, "wineTours.form.notice.thanks"));
      expect(
        await terms(page)
          .getByRole("link")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
      ).toEqual([pathIn(lang, "/terms"), pathIn(lang, "/privacy")]);
      await time(page, lang, "15:00").check();
      await expect(submit(page)).toHaveText(text(lang, "wineTours.form.submit.waitlist"));
      await page
        .getByTestId("tour-times")
        .getByRole("radio", { name: text(lang, "wineTours.slots.any") })
        .check();
      await expect(submit(page)).toHaveText(text(lang, "wineTours.form.submit.request"));
      expect(problems).toEqual([]);
    });

    test(`in ${lang}: a deposit is named with its amount, and a package the estate confirms says when the booking is firm`, async ({ page, problems }) => {
      await answerAvailability(page, { depositPercent: 20, cutoffHours: 24, instantConfirm: true });
      await fill(page, lang);
      await time(page, lang, "10:00").check();
      const deposit = formatPrice(Math.round((quoteTour(hermitage, 2).totalCents * 20) / 100) / 100, lang as Language);
      await expect(submit(page)).toHaveText(text(lang, "wineTours.form.submit.deposit", { deposit }));
      await expect(page.getByTestId("tour-times")).toContainText(text(lang, "wineTours.price.depositTerms", { hours: 24 }));
      expect(await notice(page).innerText()).not.toContain(text(lang, "wineTours.form.notice.estateConfirms"));

      await page.unrouteAll();
      await answerAvailability(page, { cutoffHours: 24, instantConfirm: false });
      await fill(page, lang);
      await time(page, lang, "10:00").check();
      await expect(submit(page)).toHaveText(text(lang, "wineTours.form.submit.firm"));
      await expect(notice(page)).toContainText(text(lang, "wineTours.form.notice.estateConfirms"));
      expect(problems).toEqual([]);
    });
  }
});
