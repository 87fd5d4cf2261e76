import { z } from "zod";

/** The file name (without `.jpg`) of a scene; the content editor draws a field of this pattern as a picture with an upload. */
export const scenePattern = /^[a-z0-9-]+$/;

/** A photo of `content/images/scenes/<name>.jpg`; the content loader checks the file exists. */
export const sceneName = z.string().regex(scenePattern, "must be the name of a picture in content/images/scenes");

/**
 * Where the subject of a picture is, as fractions of its width and height from the top left
 * (`{ "x": 0.3, "y": 0.6 }`): the editor crops the photograph around it (with `zoom`) and every
 * other cut of it (the link-preview pictures, app/lib and pipeline/og-images.ts) keeps it in frame.
 */
export const focusPoint = z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

/** How tight the 16:9 crop around the focus is: 1 takes the widest 16:9 frame of the original, 2 half its width. */
export const cropZoom = z.number().min(1).max(4);
