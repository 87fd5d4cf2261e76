import { languages, type Language } from "#core/languages";
import type { MessageTree } from "./translate";

// Build-time only (this file never reaches the browser): the layout loader inlines the one
// language a page needs into its HTML and its `.data` file.
const files = import.meta.glob<MessageTree>("../../../locales/*/*.json", { eager: true, import: "default" });

function merge(target: MessageTree, source: MessageTree, file: string): void {
  for (const [key, value] of Object.entries(source)) {
    if (Object.hasOwn(target, key)) throw new Error(`${file}: key "${key}" is already defined in another file`);
    target[key] = value;
  }
}

const byLanguage = new Map<Language, MessageTree>(
  languages.map((lang) => {
    const messages: MessageTree = {};
    for (const [file, content] of Object.entries(files)) {
      if (file.includes(`/locales/${lang}/`)) merge(messages, content, file);
    }
    return [lang, messages];
  }),
);

export function loadMessages(lang: Language): MessageTree {
  const messages = byLanguage.get(lang);
  if (!messages) throw new Error(`No messages for language ${lang}`);
  return messages;
}
