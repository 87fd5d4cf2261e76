/** Pixel size of every summary sheet (A4 at 150 dpi): the dialog reserves it, the build draws it. */
export const summarySize = { width: 1240, height: 1754 } as const;
