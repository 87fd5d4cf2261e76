/**
 * The tours in the content editor, as the staff read them in French (the native readers' FN11):
 * titled by their type, not by the file's id; the wines poured chosen from the shop's wines, not
 * drawn as photo uploads; a medal chosen by its French name.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { adminTranslator } from "#locales/admin";
import { attribute, elements, parseHtml, textOf } from "../../../__tests__/support/admin";
import { formValues, signedInOnContent } from "../../../__tests__/support/content";
import { closedAfterEachTest } from "../../../__tests__/support/fixtures";

const fr = adminTranslator("fr").t;
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const french = { "accept-language": "fr" };
const { apps } = closedAfterEachTest();

const signedIn = () => signedInOnContent(apps, editor);

const selectNamed = (body: string, name: string) =>
  elements(parseHtml(body)).find((element) => element.tagName === "select" && attribute(element, "name") === name);
const optionsOf = (select: ReturnType<typeof selectNamed>) =>
  elements(select!)
    .filter((element) => element.tagName === "option" && attribute(element, "value") !== "")
    .map((option) => ({ value: attribute(option, "value"), label: textOf(option).trim() }));

describe("the tours in the content editor (FN11)", () => {
  it("are titled by their type, and the wines poured are chosen from the shop's wines by name", async () => {
    const { client } = await signedIn();
    const page = await client.get("/admin/content/tours/tours", french);
    expect(page.statusCode).toBe(200);
    const heading = elements(parseHtml(page.body)).find((element) => element.tagName === "h1")!;
    expect(textOf(heading).trim()).toBe(fr("content.type.tours"));
    const hermitage = content.tours.packages.findIndex((tour) => tour.id === "hermitage");
    const poured = content.tours.packages[hermitage]!.wines;
    expect(poured.length).toBeGreaterThan(0);
    // No photo upload for a wine's id.
    expect(page.body).not.toContain(`name="packages.${hermitage}.wines.0.upload"`);
    const select = selectNamed(page.body, `packages.${hermitage}.wines.0`);
    expect(select, "a choice of the shop's wines").toBeDefined();
    expect(
      optionsOf(select)
        .map((option) => option.value)
        .sort(),
    ).toEqual(content.wines.map((wine) => wine.id).sort());
    for (const option of optionsOf(select)) {
      const wine = content.wines.find((candidate) => candidate.id === option.value)!;
      expect(option.label).toContain(String(wine.vintage));
    }
    expect(formValues(page.body)[`packages.${hermitage}.wines.0`]).toBe(poured[0]);
  });

  it("edits a group price as fields: from how many people, the amount, per person or for the group; a save keeps its shape", async () => {
    const { client, dir } = await signedIn();
    const page = await client.get("/admin/content/tours/tours", french);
    const index = content.tours.packages.findIndex((tour) => tour.groupPrices.length > 0);
    const tier = content.tours.packages[index]!.groupPrices[0]!;
    const name = `packages.${index}.groupPrices.0`;
    // Not a box of JSON with English keys.
    expect(elements(parseHtml(page.body)).some((element) => element.tagName === "textarea" && attribute(element, "name") === name)).toBe(false);
    const values = formValues(page.body);
    expect(values[`${name}.from`]).toBe(String(tier.from));
    expect(values[`${name}.__amount`]).toBe(String("perPerson" in tier ? tier.perPerson : tier.perGroup));
    expect(values[`${name}.__per`]).toBe("perPerson" in tier ? "perPerson" : "perGroup");
    expect(optionsOf(selectNamed(page.body, `${name}.__per`))).toEqual([
      { value: "perPerson", label: fr("content.choice.perPerson") },
      { value: "perGroup", label: fr("content.choice.perGroup") },
    ]);
    // Made a price for the whole group, and saved: the file keeps the content's own shape.
    const saved = await client.post(
      "/admin/content/tours/tours",
      { ...values, [`${name}.__amount`]: "400", [`${name}.__per`]: "perGroup", _op: "save" },
      french,
    );
    expect(saved.statusCode).toBe(303);
    const stored = JSON.parse(readFileSync(join(dir, "tours.json"), "utf8")) as { packages: { groupPrices: unknown[] }[] };
    expect(stored.packages[index]!.groupPrices[0]).toEqual({ from: tier.from, perGroup: 400 });
  });

  it("offers a wine's medal by its French name", async () => {
    const { client } = await signedIn();
    const wine = content.wines.find((candidate) => candidate.ratings.length > 0)!;
    const page = await client.get(`/admin/content/wines/${wine.id}`, french);
    const select = selectNamed(page.body, "ratings.0.score.__choice");
    expect(select, "a choice of medals").toBeDefined();
    expect(optionsOf(select)).toEqual(["gold", "silver", "bronze"].map((medal) => ({ value: medal, label: fr(`content.choice.${medal}` as never) })));
  });
});
