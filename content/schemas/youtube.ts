/**
 * YouTube links to the privacy-friendly player. Kept free of zod: the news page imports it.
 */

/** The 11-character id of a YouTube video link (`watch?v=`, `youtu.be/`, `shorts/`, `embed/`), or undefined. */
export function youtubeVideoId(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  const id =
    host === "youtu.be"
      ? url.pathname.slice(1)
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? url.pathname === "/watch"
          ? url.searchParams.get("v")
          : /^\/(?:embed|shorts|live)\/([^/]+)$/.exec(url.pathname)?.[1]
        : undefined;
  return id && /^[\w-]{11}$/.test(id) ? id : undefined;
}

/** The privacy-friendly player address of a YouTube link: no cookies until the visitor plays it. */
export function youtubeEmbedUrl(link: string): string | undefined {
  const id = youtubeVideoId(link);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
}
