import { z } from "zod";

/** The file name (without `.jpg`) of a scene; the content editor draws a field of this pattern as a picture with an upload. */
export const scenePattern = /^[a-z0-9-]+$/;

/** A photo of `content/images/scenes/<name>.jpg`; the content loader checks the file exists. */
export const sceneName = z.string().regex(scenePattern, "must be the name of a picture in content/images/scenes");
