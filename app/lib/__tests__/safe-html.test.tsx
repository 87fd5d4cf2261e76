import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseSafeHtml, SafeHtml } from "../safe-html";

const render = (html: string) => renderToStaticMarkup(<SafeHtml html={html} />);

describe("SafeHtml", () => {
  it("turns the whitelisted inline tags into elements", () => {
    expect(render("Our <strong>4.12 hectares</strong> on <em>clay</em>, <b>b</b> and <i>i</i><br>next")).toBe(
      "Our <strong>4.12 hectares</strong> on <em>clay</em>, <b>b</b> and <i>i</i><br/>next",
    );
  });

  it("accepts upper case, spaces before > and self-closing line breaks", () => {
    expect(render("<STRONG >a</Strong>b<br/>c<br />d")).toBe("<strong>a</strong>b<br/>c<br/>d");
  });

  it("nests tags", () => {
    expect(parseSafeHtml("<strong>a <em>b</em></strong>")).toEqual([
      { tag: "strong", children: ["a ", { tag: "em", children: ["b"] }] },
    ]);
  });

  it("renders every other tag, and any attribute, as visible text", () => {
    const html = render('<script>alert(1)</script><img src=x onerror="alert(1)"><strong class="x">y</strong><a href="javascript:alert(1)">z</a>');
    expect(html).not.toMatch(/<(script|img|a)\b/);
    expect(html).not.toContain("<strong");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;strong class=&quot;x&quot;&gt;y");
  });

  it("keeps stray closing tags as text and closes tags left open", () => {
    expect(render("a</em>b")).toBe("a&lt;/em&gt;b");
    expect(render("<em>open")).toBe("<em>open</em>");
    expect(render("<strong><em>x</strong>y")).toBe("<strong><em>x</em></strong>y");
    expect(render("</br>")).toBe("&lt;/br&gt;");
  });

  it("decodes the common character references as text, never as markup", () => {
    expect(render("Fish &amp; chips &lt;b&gt; &#233;t&#xE9;&nbsp;!")).toBe("Fish &amp; chips &lt;b&gt; été\u00a0!");
    expect(parseSafeHtml("&lt;strong&gt;x")).toEqual(["<strong>x"]);
    expect(render("&bogus; &#xD800;")).toBe("&amp;bogus; &amp;#xD800;");
  });

  it("leaves plain text alone", () => {
    expect(parseSafeHtml("5 < 6 and 7 > 3")).toEqual(["5 < 6 and 7 > 3"]);
    expect(parseSafeHtml("")).toEqual([]);
  });
});
