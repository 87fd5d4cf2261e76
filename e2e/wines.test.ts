import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { content, findWine } from "#content";
import { wineNameIn } from "#content/names";
import { textIn } from "#content/text";
import { waitForHydration } from "./support/browser";
import { expect, test } from "./support/fixtures";
import { baseUrl } from "./support/servers";
import { text } from "./support/visit";

/** The French shop's heading, as the translators last wrote it. */
const frShopTitle = text("fr", "shop.hero.title");

const wine = (id: string) => findWine(id)!;
const chateauWines = content.wines.filter((w) => w.collection === "chateau");
const cuveeWines = content.wines.filter((w) => w.collection === "cuvee9");
/** A whole price as the language writes it (no cents), worked out here with Intl itself. */
const euros = (lang: string, amount: number) => new Intl.NumberFormat(lang, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(amount);

/** Each card of a section: its wine, image size and class, visible texts and badge. */
function cards(page: Page, section: string) {
  return page.locator(`section[aria-labelledby="${section}"] article`).evaluateAll((articles) =>
    articles.map((article) => {
      const img = article.querySelector("img")!;
      return {
        id: article.getAttribute("data-wine"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        scaled: img.classList.contains("scale-90"),
        href: article.querySelector("h3 a")?.getAttribute("href"),
        text: (article as HTMLElement).innerText,
      };
    }),
  );
}

test.describe("home page", () => {
  test("shows the hero, the Grand Cru intro, three Château cards, two Cuvée 9 cards and two experience panels", async ({ openPage }) => {
    const { page, problems } = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Château L’Hermitage Lescours");
    expect(await page.getByRole("link", { name: "Discover our story" }).getAttribute("href")).toBe("/story");

    // Spec §9: at most three Château wines on the home page.
    const chateau = await cards(page, "home-chateau");
    const shown = chateauWines.slice(0, 3);
    expect(chateau.map((c) => c.id)).toEqual(shown.map((w) => w.id));
    expect(chateau.map((c) => [c.width, c.height])).toEqual(Array(shown.length).fill(["356", "504"]));
    // Spec §2: the chateau-2018 card image is scaled to 90%.
    expect(chateau.map((c) => c.scaled)).toEqual(shown.map((w) => w.id === "chateau-2018"));
    for (const [index, card] of chateau.entries()) {
      expect(card.text).toContain(euros("en", shown[index]!.price));
      expect(card.text).toContain(shown[index]!.ratings[0]!.score);
      expect(card.href).toBe(`/shop/${shown[index]!.id}`);
    }

    const cuvee = await cards(page, "home-cuvee9");
    expect(cuvee.map((c) => c.id)).toEqual(cuveeWines.map((w) => w.id));
    for (const [index, card] of cuvee.entries()) {
      expect(card.text).toContain("Cuvée 9");
      expect(card.text).toContain(euros("en", cuveeWines[index]!.price));
      expect(card.text).not.toMatch(/\d+\/100/);
    }

    const panels = page.locator('section[aria-labelledby="home-experiences"]');
    expect(await panels.getByRole("link", { name: "Book a tour" }).getAttribute("href")).toBe("/wine-tours");
    expect(await panels.getByRole("link", { name: "Discover the villa" }).getAttribute("href")).toBe("/villa");

    // A card leads to its wine.
    await page.locator('article[data-wine="chateau-2019"] h3 a').click();
    await page.waitForURL(`${baseUrl}/shop/chateau-2019`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Château L’Hermitage Lescours 2019");
    expect(problems).toEqual([]);
  });

  test("is translated, prices included", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/fr`);
    await waitForHydration(page);
    const chateau = await cards(page, "home-chateau");
    expect(chateau[0]!.text).toContain(euros("fr", chateauWines[0]!.price));
    // Whole euros without cents, the sign after a no-break space: "175 €"; the price per litre to the cent.
    expect(chateau[0]!.text).toMatch(/\d\u00a0€/);
    const [price, ...rest] = chateau[0]!.text.split(/\n(?=\(\d)/);
    expect(price).not.toMatch(/\d,\d\d\s?€/);
    const perLitre = new Intl.NumberFormat("fr", { style: "currency", currency: "EUR" }).format(
      Math.round((chateauWines[0]!.price * 100_000) / chateauWines[0]!.volumeMl) / 100,
    );
    expect(rest.join("")).toBe(`(${perLitre} le litre)`);
    expect(chateau[0]!.href).toBe(`/fr/shop/${chateauWines[0]!.id}`);
    expect(await page.getByRole("link", { name: "Découvrir notre histoire" }).getAttribute("href")).toBe("/fr/story");
    expect(problems).toEqual([]);
  });
});

test.describe("story page", () => {
  test("has a hero and the royal connection, terroir and philosophy, each with photos", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/story`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Our Story");
    expect(await page.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(
      expect.arrayContaining(content.story.chapters.map((chapter) => textIn(chapter.title, "en"))),
    );
    for (const id of ["story-royal", "story-terroir", "story-philosophy"]) {
      const alts = await page.locator(`section[aria-labelledby="${id}"] img`).evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")));
      expect(alts, id).toHaveLength(2);
      for (const alt of alts) expect(alt, id).toMatch(/\w{3}/);
    }
    expect(problems).toEqual([]);
  });

  test("renders the terroir paragraph's emphasis from its translation, as elements and never as markup text", async ({ openPage }) => {
    const area = (lang: string) => new Intl.NumberFormat(lang).format(content.site.grandCruHectares);
    // French puts a no-break space between a number and its unit; \s matches either space.
    for (const [path, hectares] of [
      ["/story", `^${area("en")}\\shectares$`],
      ["/fr/story", `^${area("fr")}\\shectares$`],
      ["/ja/story", `^${area("ja")}ヘクタール$`],
    ] as const) {
      const { page } = await openPage();
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const paragraph = page.getByTestId("terroir-html");
      expect(await paragraph.locator("strong").first().innerText(), path).toMatch(new RegExp(hectares));
      expect(await paragraph.locator("em").count(), path).toBe(1);
      expect(await paragraph.innerText(), path).not.toMatch(/<\/?(strong|em)>/);
    }
  });
});

test.describe("shop page", () => {
  test("has the restriction note, Château cards in three columns, Cuvée 9 in two, and a shipping section", async ({ openPage }) => {
    const { page, problems } = await openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/shop`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Shop Wines");
    expect(await page.getByText("Sales are limited to EU countries. You must be 18 or older to order.").isVisible()).toBe(true);
    const columns = (section: string) =>
      page
        .locator(`section[aria-labelledby="${section}"] ul`)
        .first()
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    expect(await columns("shop-chateau")).toBe(3);
    expect(await columns("shop-cuvee9")).toBe(2);
    expect((await cards(page, "shop-chateau")).map((c) => c.id)).toEqual(chateauWines.map((w) => w.id));
    expect((await cards(page, "shop-cuvee9")).map((c) => c.id)).toEqual(cuveeWines.map((w) => w.id));

    const shipping = page.locator('section[aria-labelledby="shop-shipping"]');
    expect(await shipping.getByRole("heading", { level: 2 }).innerText()).toBe("Shipping");
    expect(await shipping.innerText()).toContain("European Union");
    const inquiry = await shipping.getByRole("link", { name: "Write to us" }).getAttribute("href");
    expect(inquiry).toMatch(/^\/contact\?subject=/);
    expect(new URLSearchParams(inquiry!.split("?")[1]).get("subject")).toBe("Larger order or trade inquiry");
    expect(problems).toEqual([]);
  });

  test("shows one column of cards on a phone", async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/shop`);
    const columns = await page
      .locator('section[aria-labelledby="shop-chateau"] ul')
      .first()
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(1);
  });
});

test.describe("wine page", () => {
  test("shows the back link, bottle, collection, name, vintage, price, specifications, notes and ratings", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/shop/chateau-2020`);
    await waitForHydration(page);
    expect(await page.getByRole("link", { name: "Back to Shop" }).getAttribute("href")).toBe("/shop");
    const bottle = page.getByRole("img", { name: "Bottle of Château L’Hermitage Lescours 2020" });
    expect([await bottle.getAttribute("width"), await bottle.getAttribute("height")]).toEqual(["356", "504"]);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Château L’Hermitage Lescours 2020");
    const main = page.locator("main");
    const price = euros("en", wine("chateau-2020").price);
    expect(await main.innerText()).toContain(price);
    const specs = await page
      .locator('section[aria-labelledby="wine-specs"] dl > div')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]));
    expect(specs).toEqual([
      ["Alcohol by volume", "14%"],
      ["Bottle size", "75 cl"],
      ["Blend", wine("chateau-2020").blend],
      ["Appellation", "Saint-Émilion Grand Cru"],
    ]);
    expect(await main.innerText()).toContain(textIn(wine("chateau-2020").tastingNotes, "en"));

    const { ratings: expected } = wine("chateau-2020");
    const ratings = page.locator('section[aria-labelledby="wine-ratings"] li');
    expect(await ratings.locator("figcaption").allInnerTexts()).toEqual(expected.map((r) => r.critic));
    expect(await ratings.locator("blockquote").count()).toBe(expected.filter((r) => r.quote).length);
    // A quote written in another language shows its English translation.
    const foreign = expected.findIndex((r) => r.translations?.en);
    expect(foreign).toBeGreaterThanOrEqual(0);
    expect(await ratings.nth(foreign).locator("blockquote").innerText()).toBe(expected[foreign]!.translations!.en);

    const buy = page.locator("button.snipcart-add-item");
    expect(await buy.innerText()).toBe(`Inquire to Purchase — ${price}`);
    expect(await main.innerText()).toContain("Sales are limited to countries of the European Union");
    expect(problems).toEqual([]);
  });

  for (const lang of ["en", "fr", "zh", "es", "ja"] as const) {
    test(`states in ${lang}, on every wine page and card, the price with its tax and the bottle's volume`, async ({ page }) => {
      const prefix = lang === "en" ? "" : `/${lang}`;
      // What consumer law asks, as each language's shop writes it (the bottles are 75 cl).
      const written = {
        en: { tax: "incl. VAT", volume: "75 cl bottle" },
        fr: { tax: "\u00a0TTC", volume: "Bouteille de 75\u00a0cl" },
        zh: { tax: "（含税）", volume: "750 毫升装" },
        es: { tax: " (IVA incluido)", volume: "Botella de 75 cl" },
        ja: { tax: "（税込）", volume: "容量：750ml" },
      }[lang];
      await page.goto(`${baseUrl}${prefix}/shop`);
      const shown = [...(await cards(page, "shop-chateau")), ...(await cards(page, "shop-cuvee9"))];
      expect(shown).toHaveLength(content.wines.length);
      for (const card of shown) {
        expect(card.text).toContain(written.tax);
        expect(card.text).toContain(written.volume);
      }
      for (const { id } of content.wines) {
        await page.goto(`${baseUrl}${prefix}/shop/${id}`);
        const main = await page.locator("main").textContent();
        expect(main, id).toContain(written.tax);
        expect(main, id).toContain(written.volume);
      }
    });
  }

  test("shows /fr/shop/chateau-2020 at « 175 € TTC », in a bottle of 75 cl", async ({ page }) => {
    await page.goto(`${baseUrl}/fr/shop/chateau-2020`);
    const main = await page.locator("main").textContent();
    expect(main).toContain("175\u00a0€\u00a0TTC");
    expect(main).toContain("Bouteille de 75\u00a0cl");
  });

  test("omits an empty quote: the 2018's medal has a badge but no quote", async ({ page }) => {
    await page.goto(`${baseUrl}/shop/chateau-2018`);
    await waitForHydration(page);
    const ratings = page.locator('section[aria-labelledby="wine-ratings"] li');
    const expected = wine("chateau-2018").ratings;
    expect(await ratings.count()).toBe(expected.length);
    expect(await ratings.locator("blockquote").count()).toBe(expected.length - 1);
    const medal = ratings.filter({ hasText: expected.find((r) => r.score === "gold")!.critic });
    expect(await medal.innerText()).toContain("Gold Medal");
    expect(await medal.locator("blockquote").count()).toBe(0);
  });

  test("has no ratings section for Cuvée 9, and reads in the page's language", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/ja/shop/cuvee9-2019`);
    await waitForHydration(page);
    expect(await page.locator('section[aria-labelledby="wine-ratings"]').count()).toBe(0);
    const main = await page.locator("main").innerText();
    expect(main).toContain(textIn(wine("cuvee9-2019").tastingNotes, "ja"));
    expect(main).toContain("メルロー、カベルネ・フラン、カベルネ・ソーヴィニヨン");
    expect(main).toContain(euros("ja", wine("cuvee9-2019").price));
    expect(problems).toEqual([]);

    await page.goto(`${baseUrl}/fr/shop/chateau-2020`);
    await waitForHydration(page);
    const french = wine("chateau-2020").ratings.find((r) => r.translations?.fr === undefined && r.quote)!;
    const quote = page.locator('section[aria-labelledby="wine-ratings"] li').filter({ hasText: french.critic }).locator("blockquote");
    // A critic who wrote in French is quoted in his own words.
    expect(await quote.innerText()).toBe(french.quote);
    expect(await page.locator("button.snipcart-add-item").innerText()).toBe(`Commander sur demande — ${euros("fr", wine("chateau-2020").price)}`);
  });

  test("without a Snipcart key, loads nothing from outside and turns the buy button into an inquiry", async ({ page, problems, requests }) => {
    await page.goto(`${baseUrl}/fr/shop/chateau-2019`);
    await waitForHydration(page);
    await page.mouse.wheel(0, 400);
    await page.keyboard.press("Tab");
    await page.locator("button.snipcart-add-item").click();
    await page.waitForURL((url) => url.pathname === "/fr/contact");
    expect(new URL(page.url()).searchParams.get("subject")).toBe(
      text("fr", "wine.buy.subject", { wine: `${wineNameIn(content.site, wine("chateau-2019"), "fr")} 2019` }),
    );
    expect(requests.filter((url) => !url.startsWith(baseUrl))).toEqual([]);
    expect(await page.locator("#snipcart").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test("shows 'Wine Not Found' with 'Return to Shop' for an unknown wine, in the URL's language, with HTTP 404", async ({ page, problems }) => {
    const response = await page.goto(`${baseUrl}/fr/shop/chateau-1899`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Vin introuvable");
    const back = page.getByRole("link", { name: "Retour à la boutique" });
    expect(await back.getAttribute("href")).toBe("/fr/shop");
    await back.click();
    await page.waitForURL(`${baseUrl}/fr/shop`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(frShopTitle);
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  });
});

test.describe("summary sheet", () => {
  test("opens in a labelled modal dialog that Escape closes, returning focus to its button", async ({ page, problems }) => {
    await page.goto(`${baseUrl}/shop/chateau-2020`);
    await waitForHydration(page);
    const opener = page.getByRole("button", { name: "View Wine Summary" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Château L’Hermitage Lescours 2020: summary sheet" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    const image = dialog.getByRole("img", { name: /Summary sheet of Château L’Hermitage Lescours 2020/ });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1240);
    expect(await image.getAttribute("src")).toBe("/summaries/en/chateau-2020.jpg");

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("View Wine Summary");

    // The close button closes it too.
    await opener.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  test("downloads a JPEG named after the estate and the vintage, in the page's language", async ({ openPage }) => {
    const { page } = await openPage({ acceptDownloads: true });
    for (const [path, label, src] of [
      ["/shop/chateau-2018", "Download the summary (JPEG)", "/summaries/en/chateau-2018.jpg"],
      ["/zh/shop/cuvee9-2020", "下载资料卡（JPEG）", "/summaries/zh/cuvee9-2020.jpg"],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      await page.locator("button[aria-haspopup=dialog]").click();
      const link = page.getByRole("dialog").getByRole("link", { name: label });
      expect(await link.getAttribute("href")).toBe(src);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const vintage = path.slice(-4);
      expect(download.suggestedFilename()).toBe(`Château L'Hermitage Lescours-${vintage}-Summary.jpg`);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.length).toBeLessThan(150 * 1024);
    }
  });
});
