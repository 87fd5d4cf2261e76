import type { Messages } from "@lingui/core";

/**
 * A page's compiled messages as its loader data carries them: one JSON string. React Router
 * serializes loader data with turbo-stream, which makes every message and every part of a compiled
 * message an entry of its own (480 of the home page's 637 entries), and decodes them one by one on
 * the main thread as the page hydrates, in one task: 9–17 ms of CPU on `/`. The browser's own
 * `JSON.parse` reads the same messages in a fraction of a millisecond (docs/performance.md,
 * "A quiet main thread").
 */
export type PackedMessages = string & { readonly packed: unique symbol };

export function packMessages(messages: Messages): PackedMessages {
  return JSON.stringify(messages) as PackedMessages;
}

/** Each packing read once: the same loader data gives the same object, so what is memoized on it stays. */
const unpacked = new Map<string, Messages>();

export function unpackMessages(packed: PackedMessages): Messages {
  let messages = unpacked.get(packed);
  if (!messages) {
    messages = JSON.parse(packed) as Messages;
    unpacked.set(packed, messages);
  }
  return messages;
}

/** The packed messages a page's own loader gave, if any: the deepest route match's. */
export function pageMessagesOf(matches: readonly ({ loaderData?: unknown } | undefined)[]): PackedMessages | undefined {
  return (matches.at(-1)?.loaderData as { messages?: PackedMessages } | undefined)?.messages;
}

/**
 * What a page is translated with: the language layout's messages (navigation, footer, age gate)
 * and the page's own on top. The page component (through the language layout) and its `meta`
 * both read them so.
 */
export function withPageMessages(layout: PackedMessages, page: PackedMessages | undefined): Messages {
  const messages = unpackMessages(layout);
  return page ? { ...messages, ...unpackMessages(page) } : messages;
}
