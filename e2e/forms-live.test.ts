import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl, dataDir } from "./support/servers";
import { openServerDatabase } from "./support/databases";

/**
 * The forms against the real server and its real database: what the visitor sees after
 * submitting is what the estate has stored (issue "form delivery").
 */
function rows(table: string, where: string, value: string): Record<string, unknown>[] {
  const db = openServerDatabase(dataDir, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} WHERE ${where} = ?`).all(value) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

async function values(page: Page, form: string): Promise<Record<string, string>> {
  return page
    .locator(`${form} :is(input:not([type=hidden]), textarea):not([name=fax])`)
    .evaluateAll((fields) => Object.fromEntries(fields.map((f) => [(f as HTMLInputElement).name, (f as HTMLInputElement).value])));
}

test.describe("the contact form on the real server", () => {
  test("stores the message with its language and page, then shows 'Message Sent' and empties the form", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/fr/contact`);
    await waitForHydration(page);
    const email = `live-${Date.now()}@example.com`;
    const form = "#contact-form form";
    await page.locator(form).locator('[name="name"]').fill("Camille Durand");
    await page.locator(form).locator('[name="email"]').fill(email);
    await page.locator(form).locator('[name="subject"]').fill("Visite en famille");
    await page.locator(form).locator('[name="message"]').fill("Bonjour, pouvons-nous venir samedi ?");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact-messages"));
    await page.locator(form).locator('button[type="submit"]').click();
    expect((await answer).status()).toBe(201);
    await expect.poll(() => page.locator("[data-tone=success]").count()).toBe(1);
    expect(await values(page, form)).toEqual({ name: "", email: "", phone: "", subject: "", message: "" });
    const stored = rows("contact_messages", "email", email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Camille Durand", language: "fr", page: "/fr/contact", message: "Bonjour, pouvons-nous venir samedi ?" });
    expect(problems).toEqual([]);
  });

  test("keeps every value and shows an error when the server cannot be reached", async ({ page }) => {
    await page.goto(`${baseUrl}/contact`);
    await waitForHydration(page);
    const form = "#contact-form form";
    const email = `unreached-${Date.now()}@example.com`;
    await page.locator(form).locator('[name="name"]').fill("Sam");
    await page.locator(form).locator('[name="email"]').fill(email);
    await page.locator(form).locator('[name="phone"]').fill("+33 6 12 34 56 78");
    await page.locator(form).locator('[name="message"]').fill("Hello");
    const before = await values(page, form);
    // The server goes away: the request meets a closed port.
    await page.route("**/api/contact-messages", (route) => route.continue({ url: "http://127.0.0.1:9/api/contact-messages" }));
    await page.locator(form).locator('button[type="submit"]').click();
    await expect.poll(() => page.locator("[data-tone=error]").count()).toBe(1);
    expect(await values(page, form)).toEqual(before);
    expect(rows("contact_messages", "email", email)).toEqual([]);
    // Back online, the same values go through unchanged.
    await page.unroute("**/api/contact-messages");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact-messages"));
    await page.locator(form).locator('button[type="submit"]').click();
    expect((await answer).status()).toBe(201);
    expect(rows("contact_messages", "email", email)).toHaveLength(1);
  });
});

test.describe("the newsletter on the real server", () => {
  test("stores the address with its language and consent time", async ({ page }) => {
    await page.goto(`${baseUrl}/ja/news`);
    await waitForHydration(page);
    const email = `reader-${Date.now()}@example.com`;
    const form = 'form[aria-labelledby="newsletter-title"]';
    await page.locator(`${form} [name="email"]`).fill(email);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/newsletter-signups"));
    await page.locator(`${form} button[type="submit"]`).click();
    expect((await answer).status()).toBe(201);
    await expect.poll(() => page.locator("[data-tone=success]").count()).toBe(1);
    expect(await page.locator(`${form} [name="email"]`).inputValue()).toBe("");
    const stored = rows("newsletter_subscribers", "email", email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ language: "ja" });
  });
});

test.describe("the tour booking on the real server", () => {
  test("stores the chosen package and shows 'Booking Request Received'", async ({ page }) => {
    await page.goto(`${baseUrl}/wine-tours`);
    await waitForHydration(page);
    await page.locator("button[aria-pressed]").nth(2).click();
    const email = `guest-${Date.now()}@example.com`;
    await page.locator('form [name="name"]').first().fill("Lin Wei");
    await page.locator('form [name="email"]').first().fill(email);
    await page.locator('form [name="guests"]').first().fill("4");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/tour-bookings"));
    await page.locator('form button[type="submit"]').first().click();
    expect((await answer).status()).toBe(201);
    await expect.poll(() => page.locator("[data-tone=success]").innerText()).toContain("Booking Request Received");
    expect(rows("tour_bookings", "email", email)[0]).toMatchObject({ package: "both", guests: 4, language: "en" });
  });
});
