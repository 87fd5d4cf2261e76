/**
 * V8's explicit compile hint for a whole file (Chrome 136 and later), the first line of every client
 * chunk (vite.config.ts): V8 then compiles all of the file's functions while it streams in, on a
 * background thread, instead of one at a time on the main thread the first time each is called,
 * which is while the page hydrates. Other browsers read a comment.
 */
export const compileHint = "//# allFunctionsCalledOnLoad";
