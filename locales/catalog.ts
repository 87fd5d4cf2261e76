/**
 * A compiled catalog (`locales/compiled/*.json`, written by `npm run i18n`) as Lingui's messages.
 * A JSON import types a message's placeholders as plain arrays where Lingui has tuples, so instead
 * of casting the import, each message's shape is checked once as the catalog loads: a damaged
 * catalog fails there, naming the file and the message.
 */
import type { Messages } from "@lingui/core";

type CompiledMessage = Extract<Messages[string], unknown[]>;

/** Text, or a placeholder `[name, type?, format?]`, as Lingui's `compileMessage` writes them. */
const isToken = (token: unknown) =>
  typeof token === "string" || (Array.isArray(token) && typeof token[0] === "string" && (token[1] === undefined || typeof token[1] === "string"));

function isCompiledMessage(message: unknown): message is CompiledMessage {
  return Array.isArray(message) && message.every(isToken);
}

/** The messages of a compiled catalog; throws naming `file` and the first message that is not compiled. */
export function compiledMessages(catalog: Record<string, unknown>, file: string): Messages {
  return Object.fromEntries(
    Object.entries(catalog).map(([id, message]) => {
      if (!isCompiledMessage(message)) throw new Error(`${file}: "${id}" is not a compiled message; run npm run i18n`);
      return [id, message];
    }),
  );
}
