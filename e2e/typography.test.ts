/**
 * Chinese and Japanese typography as the browser computes it (no CJK font is needed: line heights,
 * letter spacing and font stacks are computed values). The CJK rules must win over the utility
 * classes that set Latin line heights and tracking on the same elements.
 */
import { content } from "#content";
import type { Page } from "@playwright/test";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { text } from "./support/visit";

/**
 * Each running-text element of the page (paragraphs, list items, definitions; not the eyebrows
 * nor display text of 24 px and more) with its font size and computed line height in pixels.
 */
function runningText(page: Page) {
  return page.locator("main, footer").evaluateAll((roots) =>
    roots
      .flatMap((root) => [...root.querySelectorAll<HTMLElement>("p, li, dd")])
      .filter((el) => !el.closest(".eyebrow") && (el.textContent ?? "").trim().length > 0 && el.getClientRects().length > 0)
      .map((el) => {
        const style = getComputedStyle(el);
        return { text: (el.textContent ?? "").trim().slice(0, 30), fontSize: parseFloat(style.fontSize), lineHeight: parseFloat(style.lineHeight) };
      })
      .filter((el) => el.fontSize < 24),
  );
}

/** The families of a computed `font-family`, unquoted. */
const families = (stack: string) => stack.split(",").map((family) => family.trim().replace(/^["']|["']$/g, ""));

for (const lang of ["zh", "ja"] as const) {
  test.describe(`/${lang} typography`, () => {
    test("sets body text at a line height of at least 1.75 times its size, whatever utility classes say", async ({ page }) => {
      await page.goto(`${baseUrl}/${lang}/story`);
      const elements = await runningText(page);
      expect(elements.length).toBeGreaterThan(10);
      const tight = elements.filter((el) => Number.isNaN(el.lineHeight) || el.lineHeight < 1.75 * el.fontSize);
      expect(tight).toEqual([]);
    });

    test("keeps eyebrows and small capitals labels close-set (CJK has no capitals to space out)", async ({ page }) => {
      await page.goto(`${baseUrl}/${lang}/story`);
      const spacing = await page
        .locator("main .eyebrow, footer h2")
        // "normal" (no spacing added, as the footer's newsletter heading has) parses to NaN: it is close-set, 0.
        .evaluateAll((els) => els.map((el) => (parseFloat(getComputedStyle(el).letterSpacing) || 0) / parseFloat(getComputedStyle(el).fontSize)));
      expect(spacing.length).toBeGreaterThan(3);
      for (const ratio of spacing) expect(ratio).toBeLessThanOrEqual(0.1);
    });

    test("draws the Latin brand name with the site's Latin face, and keeps its logo lines spaced", async ({ page }) => {
      await page.goto(`${baseUrl}/${lang}/story`);
      const brand = page.locator("header nav a").first();
      const [name, appellation] = await brand
        .locator("span")
        .evaluateAll((spans) => spans.map((span) => ({ family: getComputedStyle(span).fontFamily, spacing: getComputedStyle(span).letterSpacing })));
      expect(families(name!.family)[0]).toBe("Cormorant Garamond");
      expect(families(appellation!.family)[0]).toBe("Source Sans 3");
      expect(parseFloat(appellation!.spacing)).toBeGreaterThan(1);
      const footerName = await page
        .locator("footer p")
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily);
      expect(families(footerName)[0]).toBe("Cormorant Garamond");
    });

    test("draws the home hero's appellation line as French when the catalog keeps it in Latin letters, after the estate's own name", async ({ page }) => {
      await page.goto(`${baseUrl}/${lang}`);
      // The estate's name as the language writes it comes once, first, kept whole.
      const name = page.locator("main h1 + p .estate-name");
      await expect(name).toHaveText(content.site.estateNameLocal[lang]!);
      expect(await name.evaluate((el) => getComputedStyle(el).wordBreak)).toBe("keep-all");
      const line = page.locator("main h1 + p > span:last-child");
      const subtitle = text(lang, "home.hero.subtitle");
      expect(await line.innerText()).toBe(subtitle);
      const latin = /^[\p{Script=Latin}\s-]+$/u.test(subtitle);
      expect(await line.getAttribute("lang")).toBe(latin ? "fr" : null);
      const family = families(await line.evaluate((el) => getComputedStyle(el).fontFamily))[0];
      if (latin) expect(family).toBe("Source Sans 3");
      else expect(family).not.toBe("Source Sans 3");
    });
  });
}

test.describe("CJK font stacks", () => {
  test("gives Chinese headings a face that Windows has before the generic serif that would be SimSun", async ({ page }) => {
    await page.goto(`${baseUrl}/zh/story`);
    const stack = families(
      await page
        .locator("main h2")
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
    );
    expect(stack).toContain("Songti SC");
    expect(stack).toContain("Microsoft YaHei");
    expect(stack).not.toContain("serif");
    expect(stack).not.toContain("SimSun");
  });

  test("puts Yu Gothic Medium before Yu Gothic for Japanese text (Windows draws Yu Gothic Regular too thin)", async ({ page }) => {
    await page.goto(`${baseUrl}/ja/story`);
    const stack = families(
      await page
        .locator("main p")
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
    );
    expect(stack.indexOf("Yu Gothic Medium")).toBeGreaterThanOrEqual(0);
    expect(stack.indexOf("Yu Gothic Medium")).toBeLessThan(stack.indexOf("Yu Gothic"));
  });
});

test.describe("the logo on a phone", () => {
  /** Where the bar and the logo's two lines sit on a 390 px phone, in CSS pixels. */
  async function logoBoxes(openPage: (options: { viewport: { width: number; height: number } }) => Promise<{ page: Page }>, lang: string) {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}${lang === "en" ? "/" : `/${lang}`}`);
    const bar = (await page.locator("header nav").boundingBox())!;
    const lines = await page
      .locator("header nav a")
      .first()
      .locator("span")
      .evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().toJSON() as DOMRect));
    return { bar, lines };
  }

  for (const lang of ["zh", "ja"]) {
    test(`keeps both of its lines inside the bar on /${lang}, as tall as on the English page (the readers saw SAINT-ÉMILION GRAND CRU cut off)`, async ({
      openPage,
    }) => {
      const [shown, english] = [await logoBoxes(openPage, lang), await logoBoxes(openPage, "en")];
      const appellation = shown.lines.at(-1)!;
      expect(shown.lines).toHaveLength(2);
      expect(appellation.top).toBeGreaterThanOrEqual(shown.bar.y);
      expect(appellation.bottom).toBeLessThanOrEqual(shown.bar.y + shown.bar.height);
      const height = (boxes: DOMRect[]) => boxes.at(-1)!.bottom - boxes[0]!.top;
      expect(height(shown.lines)).toBeCloseTo(height(english.lines), 0);
    });
  }
});

/**
 * The lines a browser set an element's text on, as strings: each character's box, in the order of
 * the text, starts a new line when it sits below the line being read. The native readers of 29
 * November 2026 read 「グラ／ン・クリュ」, 「スタ／ッフ」 and 「欢迎来／到」 at 390 px.
 */
function linesOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const lines: string[] = [];
        let top = -Infinity;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (let index = 0; index < text.length; index++) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const box = range.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;
            if (box.top > top + box.height / 2) {
              lines.push("");
              top = box.top;
            }
            lines[lines.length - 1] = `${lines[lines.length - 1] ?? ""}${text[index] ?? ""}`;
          }
        }
        return lines.map((line) => line.trim()).filter((line) => line !== "");
      }),
  );
}

/** Each phrase found in the text must sit on one line of it. */
function splitPhrases(lines: string[], phrases: string[]): string[] {
  const text = lines.join("");
  return phrases.filter((phrase) => text.includes(phrase) && !lines.some((line) => line.includes(phrase)));
}

/** Katakana words (ー and ・ inside them): a Japanese name may break after its middle dot, never inside a word. */
const katakanaWords = (text: string) => [...text.matchAll(/[\p{Script=Katakana}ー]{2,}/gu)].map((match) => match[0]);

test.describe("CJK words kept whole at 390 px", () => {
  const phone = { viewport: { width: 390, height: 844 } };
  /** The names kept whole: a Chinese one as it is; a Japanese one may break after its middle dots (docs/typography.md), never inside a word. */
  const names = (lang: "zh" | "ja") =>
    [content.site.estateNameLocal[lang]!, content.site.appellationLocal[lang]!, content.site.sisterEstate.nameLocal[lang]!].flatMap((name) =>
      lang === "ja" ? name.split("・") : [name],
    );
  /** Headings, eyebrows, buttons and button-like links, where a split word reads as a bug. */
  const display =
    "main :is(h1, h2, h3, h4, .eyebrow, button, a.btn-primary, a.btn-secondary, a.btn-light, dt, [data-testid=selected-package] ~ p), footer :is(h2, h3, p), section[aria-labelledby=journey-title] li p";

  test("/ja: the hero puts the estate's name and the appellation on lines of their own, グラン・クリュ whole; the footer's tagline too, at 390 and 1280 px (JN1)", async ({
    openPage,
  }) => {
    for (const width of [390, 1280]) {
      const { page } = await openPage({ viewport: { width, height: 844 } });
      await page.goto(`${baseUrl}/ja`);
      const [hero] = await linesOf(page, "main h1 + p");
      expect(hero, String(width)).toContain(content.site.appellationLocal.ja);
      expect(hero!.join("")).toBe(`${content.site.estateNameLocal.ja}${content.site.appellationLocal.ja}`);
      const tagline = await linesOf(page, "footer p.leading-relaxed");
      expect(splitPhrases(tagline[0]!, [content.site.appellationLocal.ja!]), String(width)).toEqual([]);
    }
  });

  test("/zh: the age gate breaks before the estate's name, never inside 欢迎来到 (ZN3)", async ({ openPage }) => {
    const { page } = await openPage({ ...phone, adult: false });
    await page.goto(`${baseUrl}/zh`);
    const [title] = await linesOf(page, "#age-gate-title");
    expect(splitPhrases(title!, ["欢迎来到", content.site.estateNameLocal.zh!])).toEqual([]);
  });

  for (const lang of ["zh", "ja"] as const) {
    test(`/${lang}: every heading, eyebrow and button of the pages keeps the estate's, the appellation's and the sister estate's names whole, and (ja) every katakana word`, async ({
      openPage,
    }) => {
      const { page } = await openPage(phone);
      const split: string[] = [];
      for (const path of ["", "/story", "/shop", "/shop/chateau-2020", "/wine-tours", "/villa", "/news", "/events", "/become-importer", "/contact"]) {
        await page.goto(`${baseUrl}/${lang}${path}`);
        for (const lines of await linesOf(page, display)) {
          const words = lang === "ja" ? katakanaWords(lines.join("")) : [];
          for (const phrase of splitPhrases(lines, [...names(lang), ...words])) split.push(`${path || "/"}: ${lines.join("／")}`.concat(` (${phrase})`));
        }
      }
      expect(split).toEqual([]);
    });
  }

  test("/ja/wine-tours: the chosen tour, its meeting point and the price list keep every katakana word and お一人様 whole", async ({ openPage }) => {
    const { page } = await openPage(phone);
    await page.goto(`${baseUrl}/ja/wine-tours`);
    await waitForHydration(page);
    const split: string[] = [];
    for (const id of ["hermitage", "mongiron", "both"]) {
      await page.locator(`li[data-package="${id}"]`).getByRole("button").click();
      for (const lines of await linesOf(
        page,
        "[data-testid=selected-package], [data-testid=selected-package] ~ p, section[aria-labelledby=journey-title] li p",
      ))
        for (const phrase of splitPhrases(lines, [...katakanaWords(lines.join("")), "お一人様"])) split.push(`${lines.join("／")} (${phrase})`);
    }
    expect(split).toEqual([]);
  });

  test("/zh and /ja: a Latin name inside a heading takes the heading's own face (N8)", async ({ page }) => {
    for (const lang of ["zh", "ja"] as const) {
      await page.goto(`${baseUrl}/${lang}/shop/cuvee9-2020`);
      const latin = page.locator("main h1 [lang=fr]");
      expect(families(await latin.evaluate((el) => getComputedStyle(el).fontFamily))[0], lang).toBe("Cormorant Garamond");
      // The wine named after the estate is named as the language writes it, its Latin name under the heading.
      await page.goto(`${baseUrl}/${lang}/shop/chateau-2020`);
      expect(await page.locator("main h1").innerText(), lang).toContain(content.site.estateNameLocal[lang]!);
      expect(await page.locator("main h1 + p[lang=fr]").innerText(), lang).toBe(content.site.estateName.replace("'", "’"));
    }
  });
});
