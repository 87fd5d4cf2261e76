/**
 * The content a page's loader draws from. The build's own prerender hands its loaders nothing, and
 * they read the content folder as the build reads it (#content, read once); a renderer of the kept
 * server bundle (pipeline/render-pages.ts) hands each request the content it renders: a quick
 * build's folder as it is now, an editor's draft of one item. Nothing replaces a module's value.
 */
import { content as builtContent, type Content } from "#content";

declare module "react-router" {
  interface AppLoadContext {
    /** The content to draw the page from, when a renderer gives it. */
    content?: Content;
  }
}

/** The content of a loader's request (`context` of its arguments). */
export const contentOf = (context: { content?: Content } | undefined): Content => context?.content ?? builtContent;
