import { z } from "zod";

/** A photo of `content/images/scenes/<name>.jpg`; the content loader checks the file exists. */
export const sceneName = z.string().regex(/^[a-z0-9-]+$/, "must be the name of a picture in content/images/scenes");
