import { Message } from "~/lib/i18n/context";

/** The only elements a content text may ask for. */
const inline = { strong: <strong />, em: <em /> };

/**
 * A content text with emphasis (the story's terroir paragraph, spec §2), delivered among the page's
 * compiled messages under `id` by its loader. Lingui's tag formatter turns `<strong>…</strong>` and
 * `<em>…</em>` into elements; any other tag is dropped and its words stay text, and React escapes
 * everything else: no content is ever parsed as HTML.
 */
export function RichText({ id }: { id: string }) {
  return <Message id={id} components={inline} />;
}
