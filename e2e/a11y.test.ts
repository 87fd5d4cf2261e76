import { drinkingAge } from "#core/languages";
import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/browser";
import { violations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { untilIdle } from "./support/settle";
import { baseUrl } from "./support/servers";
import { mockApi, pathIn, text } from "./support/visit";

const languages = ["en", "fr", "zh", "es", "ja"] as const;

test.describe("axe (WCAG 2.2 AA)", () => {
  for (const lang of languages) {
    test(`finds no violation on the two error pages (${lang})`, async ({ page }) => {
      const found: Record<string, string[]> = {};
      for (const path of [pathIn(lang, "/no-such-page"), pathIn(lang, "/shop/no-such-wine")]) {
        const response = await page.goto(`${baseUrl}${path}`);
        expect(response?.status(), path).toBe(404);
        await waitForHydration(page);
        const problems = await violations(page);
        if (problems.length > 0) found[path] = problems;
      }
      expect(found).toEqual({});
    });
  }

  for (const lang of languages) {
    test(`finds no violation with the age gate open (${lang})`, async ({ openPage }) => {
      const { page } = await openPage({ adult: false });
      await page.goto(`${baseUrl}${lang === "en" ? "/" : `/${lang}`}`);
      await waitForHydration(page);
      expect(await page.locator("#age-gate").isVisible()).toBe(true);
      expect(await violations(page)).toEqual([]);
    });
  }

  test("finds no violation with the mobile menu and the language menu open", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl}/es/villa`);
    await waitForHydration(page);
    await page.locator('button[aria-controls="mobile-menu"]').click();
    expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);

    const desktop = await openPage({ viewport: { width: 1280, height: 800 } });
    await desktop.page.goto(`${baseUrl}/ja/story`);
    await waitForHydration(desktop.page);
    await desktop.page.locator("header nav button[aria-expanded]").first().click();
    expect(await violations(desktop.page)).toEqual([]);
  });
});

test.describe("axe with a dialog or a toast open", () => {
  for (const lang of languages) {
    test(`finds no violation with the summary dialog open (${lang})`, async ({ page }) => {
      await page.goto(`${baseUrl}${pathIn(lang, "/shop/chateau-2020")}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: text(lang, "wine.summary.open") }).click();
      const dialog = page.locator("dialog[open]").filter({ has: page.getByRole("heading") });
      await dialog.waitFor();
      expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
      // The sheet is lazy: let it arrive so axe sees the dialog as the visitor does.
      await dialog.locator("img").evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
      expect(await violations(page)).toEqual([]);
    });
  }

  test("finds no violation with a success toast from the real server, and with an error toast", async ({ page, openPage }) => {
    // A real submission: the server stores it (temporary data folder) and answers 201.
    await page.goto(`${baseUrl}/fr/news`);
    await waitForHydration(page);
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.locator('[name="email"]').fill("a11y-check@example.com");
    const answer = page.waitForResponse((response) => response.url().includes("/api/"));
    await form.locator('button[type="submit"]').click();
    expect((await answer).status()).toBe(201);
    const success = page.locator("[data-tone=success]");
    await success.waitFor();
    expect(await success.innerText()).toContain(text("fr", "news.newsletter.success.title"));
    expect(await violations(page)).toEqual([]);

    // An answer the form cannot accept (intercepted): the error toast, in Japanese.
    const other = await openPage();
    await other.page.goto(`${baseUrl}/ja/contact`);
    await waitForHydration(other.page);
    await mockApi(other.page, 500);
    const contact = other.page.locator("main form");
    for (const field of await contact.locator("input[required], textarea[required]").all()) {
      const type = await field.getAttribute("type");
      await field.fill(type === "email" ? "a11y@example.com" : type === "tel" ? "+33 5 57 00 00 00" : "A11y check message text");
    }
    await contact.locator('button[type="submit"]').click();
    await other.page.locator("[data-tone=error]").waitFor();
    expect(await violations(other.page)).toEqual([]);
  });
});

/**
 * Where focus is after each press of Tab: inside the open modal dialog, or, once past its last
 * control, in the browser's own interface (the document has no focus). A native modal dialog
 * makes the rest of the page inert, so nothing of the page behind may ever hold focus.
 */
async function tabAround(page: Page, dialog: string, presses: number, key = "Tab") {
  const stops: string[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    stops.push(
      await page.evaluate((selector) => {
        if (!document.hasFocus()) return "browser";
        const active = document.activeElement;
        if (!active || active === document.body) return "page:body";
        const inside = document.querySelector(selector)?.contains(active) ?? false;
        const name = active.getAttribute("aria-label") ?? active.textContent?.trim().slice(0, 40) ?? "";
        return `${inside ? "dialog" : "page"}:${active.tagName.toLowerCase()}:${name}`;
      }, dialog),
    );
  }
  return stops;
}

test.describe("modal dialogs (WAI-ARIA dialog pattern)", () => {
  test("summary dialog: focus moves in on open, Tab and Shift+Tab stay inside, Escape closes and focus returns to the opener", async ({ page }) => {
    await page.goto(`${baseUrl}/es/shop/cuvee9-2020`);
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: text("es", "wine.summary.open") });
    await opener.focus();
    await page.keyboard.press("Enter");
    const selector = "dialog[open]:not(#age-gate)";
    await page.locator(selector).waitFor();
    expect(await page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement), selector)).toBe(true);
    expect(await page.locator(selector).getAttribute("aria-labelledby")).toBeTruthy();

    const forward = await tabAround(page, selector, 8);
    const backward = await tabAround(page, selector, 8, "Shift+Tab");
    for (const stop of [...forward, ...backward]) expect(stop).toMatch(/^(dialog:|browser$)/);
    // Both of its controls (close, download) are reached, going either way.
    expect(new Set(forward.filter((s) => s.startsWith("dialog:"))).size).toBe(2);
    expect(new Set(backward.filter((s) => s.startsWith("dialog:"))).size).toBe(2);

    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(selector).count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // The close button does the same.
    await page.keyboard.press("Enter");
    await page.locator(selector).waitFor();
    await page.locator(`${selector} button`).first().press("Enter");
    await expect.poll(() => page.locator(selector).count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("age gate: focus starts on its first answer, Tab stays inside, Escape does not close it", async ({ openPage }) => {
    const { page } = await openPage({ adult: false });
    await page.goto(`${baseUrl}/zh/story`);
    await waitForHydration(page);
    const gate = page.locator("#age-gate");
    expect(await gate.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text("zh", "ageGate.yes", { age: drinkingAge("zh") }));

    const stops = [...(await tabAround(page, "#age-gate", 10)), ...(await tabAround(page, "#age-gate", 10, "Shift+Tab"))];
    for (const stop of stops) expect(stop).toMatch(/^(dialog:|browser$)/);
    // Yes, No, and the terms and privacy links.
    expect(new Set(stops.filter((s) => s.startsWith("dialog:"))).size).toBe(4);

    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // Whatever the two presses set off (a close, a reopening) has run by the time the page is idle.
    await untilIdle(page);
    expect(await gate.evaluate((d) => (d as HTMLDialogElement).open && d.matches(":modal"))).toBe(true);

    // The answer closes it and hands the page back.
    await page.getByRole("button", { name: text("zh", "ageGate.yes", { age: drinkingAge("zh") }) }).press("Enter");
    await expect.poll(() => gate.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
  });
});

test.describe("keyboard", () => {
  test("reaches a visible skip link first, and it moves focus to the main content", async ({ page }) => {
    await page.goto(`${baseUrl}/shop`);
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  test("shows a focus outline on every control reached by Tab in the header", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { tag: el.tagName, width: parseFloat(style.outlineWidth), styleName: style.outlineStyle };
      });
      expect(outline.styleName, `${i}: ${outline.tag}`).not.toBe("none");
      expect(outline.width, `${i}: ${outline.tag}`).toBeGreaterThanOrEqual(2);
    }
  });

  test("pauses and plays the hero video from the keyboard", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/es`);
    await waitForHydration(page);
    const video = page.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    const toggle = page.getByRole("button", { name: text("es", "media.heroVideo.pause") });
    // In the tab order right before the hero's links (early, as a pause control should be).
    await page
      .locator("main")
      .getByRole("link", { name: text("es", "home.hero.shop") })
      .first()
      .focus();
    await page.keyboard.press("Shift+Tab");
    expect(await toggle.evaluate((el) => el === document.activeElement && el.matches(":focus-visible"))).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(text("es", "media.heroVideo.play"));
    await page.keyboard.press("Enter");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  });

  test.describe("every visible control reached by Tab", () => {
    // bypassCSP only to switch transitions off, so each ring is measured in its final colour.
    test.use({ viewport: { width: 1280, height: 800 }, bypassCSP: true });

    for (const path of [
      "/",
      "/story",
      "/shop",
      "/shop/chateau-2019",
      "/wine-tours",
      "/villa",
      "/contact",
      "/news",
      "/events",
      "/become-importer",
      "/privacy",
    ]) {
      test(`reaches every visible control of ${path} by Tab, each with a visible focus outline of 3:1 contrast`, async ({ page }) => {
        const found: Record<string, string[]> = {};
        await page.goto(`${baseUrl}${path}`);
        await waitForHydration(page);
        await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
        // Every control a pointer user could use: visible, enabled, not taken out of the tab order.
        const controls = await page.evaluate(() => {
          const all = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, iframe, [tabindex]");
          return [...all]
            .filter(
              (el) =>
                el.tabIndex >= 0 &&
                !(el as HTMLButtonElement).disabled &&
                el.checkVisibility({ visibilityProperty: true }) &&
                !el.closest("[inert], dialog:not([open])"),
            )
            .map((el, i) => {
              el.dataset.a11ySweep = String(i);
              return String(i);
            });
        });
        expect(controls.length, path).toBeGreaterThan(15);
        const reached = new Set<string>();
        const outlined = new Set<string>();
        const unringed = new Map<string, string>();
        const problems: string[] = [];
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        // Room for stops the list does not hold (a date field's parts, a control that appeared since).
        for (let i = 0; i < controls.length * 2 + 20 && reached.size < controls.length; i += 1) {
          await page.keyboard.press("Tab");
          const state = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const style = getComputedStyle(el);
            // The ring's contrast with what surrounds it: the backgrounds behind the element, blended.
            const rgba = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number).concat(1).slice(0, 4) as [number, number, number, number];
            const layers: [number, number, number, number][] = [];
            for (let node = el.parentElement; node; node = node.parentElement) {
              const color = rgba(getComputedStyle(node).backgroundColor);
              if (color[3] > 0) layers.unshift(color);
              if (color[3] >= 1) break;
            }
            const behind = layers.reduce<[number, number, number]>(
              (under, [r, g, b, a]) => [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)],
              [255, 255, 255],
            );
            const luminance = ([r, g, b]: number[]) =>
              [r!, g!, b!]
                .map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
                .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
            const [l1, l2] = [luminance(rgba(style.outlineColor)), luminance(behind)];
            return {
              id: el.dataset.a11ySweep ?? "",
              what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}"`,
              outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
              contrast: (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05),
            };
          });
          if (!state) continue;
          // A control that appeared after the list was made (the video button, once the page has loaded) has no id.
          if (state.id) reached.add(state.id);
          // A date field takes several stops (day, month, year, then its calendar button, which
          // Chromium rings itself): the field needs the outline on at least one of them.
          if (state.outline) outlined.add(state.id);
          else unringed.set(state.id, state.what);
          // WCAG 1.4.11: a focus indicator needs 3:1 against the colours next to it.
          if (state.outline && state.contrast < 3) problems.push(`focus outline contrast ${state.contrast.toFixed(2)}: ${state.what}`);
        }
        for (const [id, what] of unringed) if (!outlined.has(id)) problems.push(`no focus outline: ${what}`);
        const missed = controls.filter((id) => !reached.has(id));
        for (const id of missed) {
          problems.push(`not reached by Tab: ${await page.locator(`[data-a11y-sweep="${id}"]`).evaluate((el) => el.outerHTML.slice(0, 120))}`);
        }
        if (problems.length > 0) found[path] = problems;
        expect(found).toEqual({});
      });
    }
  });
});
