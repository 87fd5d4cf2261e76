import { drinkingAge } from "#core/languages";
import { translator } from "#locales";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { untilIdle } from "./support/settle";
import { baseUrl } from "./support/servers";

const ja = translator("ja").t;

test.describe("age gate", () => {
  // Every visit here is a new visitor's: the gate is open.
  test.use({ adult: false });

  test("is a modal dialog on first load that Escape does not close", async ({ page }) => {
    await page.goto(`${baseUrl}/shop`);
    const gate = page.getByRole("dialog", { name: "Welcome to Château L’Hermitage Lescours" });
    await expect.poll(() => gate.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLDialogElement>("#age-gate")?.matches(":modal"))).toBe(true);
    await expect.poll(() => page.getByText("Are you 18 years of age or older?").isVisible()).toBe(true);
    await waitForHydration(page);
    await page.evaluate(() => {
      const record = window as unknown as { gateClosed: boolean };
      record.gateClosed = false;
      document.getElementById("age-gate")!.addEventListener("close", () => (record.gateClosed = true));
    });
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("Escape");
    // A close would be a queued event: once the page is idle, it has fired or it never will.
    await untilIdle(page);
    const closed = await page.evaluate(() => (window as unknown as { gateClosed: boolean }).gateClosed);
    expect(closed).toBe(false);
    expect(await gate.isVisible()).toBe(true);
  });

  test("is modal in the served HTML, before any bundle runs", async ({ page }) => {
    // Block the app's JavaScript: only the inline scripts of the HTML run.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${baseUrl}/`);
    expect(await page.evaluate(() => document.querySelector<HTMLDialogElement>("#age-gate")?.matches(":modal"))).toBe(true);
  });

  test("names the Terms of Service and Privacy Policy with links to them", async ({ page }) => {
    await page.goto(`${baseUrl}/`);
    const gate = page.locator("#age-gate");
    expect(await gate.innerText()).toContain("By entering this site you agree to our Terms of Service and Privacy Policy.");
    expect(await gate.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(await gate.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    await waitForHydration(page);
    await gate.getByRole("link", { name: "Terms of Service" }).click();
    await page.waitForURL(`${baseUrl}/terms`);
    // The terms must be readable before agreeing to them: no gate over them.
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Terms of service" }).isVisible()).toBe(true);
    expect(await page.locator("#age-gate").count()).toBe(0);
  });

  test("Yes stores the flag in sessionStorage, closes the gate and keeps it closed for the session", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/story`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Yes, I am 18 or older" }).click();
    await expect.poll(() => page.locator("#age-gate").isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("ageVerified"))).toBe("true");
    // The page behind is usable again.
    await page.getByRole("link", { name: "Shop Wines" }).first().click();
    await page.waitForURL(`${baseUrl}/shop`);
    expect(await page.locator("#age-gate").isVisible()).toBe(false);
    // A full reload in the same session: hidden before first paint by the head script.
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-age-verified"))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.getElementById("age-gate")!).display)).toBe("none");
    expect(problems).toEqual([]);
  });

  test("a new session meets the gate again", async ({ page, context }) => {
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Yes, I am 18 or older" }).click();
    const second = await context.newPage();
    await second.goto(`${baseUrl}/`);
    expect(await second.locator("#age-gate").isVisible()).toBe(true);
  });

  test("No sends the browser to a general search engine", async ({ page, context }) => {
    await context.route("https://www.google.com/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>search</title>" }));
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "No, I am under 18" }).click();
    await page.waitForURL("https://www.google.com/");
    expect(page.url()).toBe("https://www.google.com/");
    expect(await page.evaluate(() => sessionStorage.getItem("ageVerified"))).toBeNull();
  });

  test("asks in the page's language, and asks Japanese visitors about the age the page's own under-age notice names (20)", async ({ page }) => {
    await page.goto(`${baseUrl}/ja`);
    const gate = page.locator("#age-gate");
    expect(await gate.isVisible()).toBe(true);
    const text = await gate.innerText();
    expect(text).not.toContain("Are you 18 years of age or older?");
    expect(await gate.getByRole("link").first().getAttribute("href")).toBe("/ja/terms");
    // The footer under the health message says drinking under N is forbidden: the gate asks about N.
    const notice = /(\d+)歳未満の者の飲酒は法律で禁止されています/.exec((await page.locator("footer").textContent()) ?? "");
    const age = Number(notice?.[1]);
    expect(age).toBe(drinkingAge("ja"));
    expect(text).toContain(ja("ageGate.question", { age }));
    await expect(gate.getByRole("button", { name: ja("ageGate.yes", { age }) })).toBeAttached();
    await expect(gate.getByRole("button", { name: ja("ageGate.no", { age }) })).toBeAttached();
    expect(text).not.toMatch(/18/);
  });
});
