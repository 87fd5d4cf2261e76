// subset-font ships no types; this declares the part pipeline/fonts/subset.ts uses.
declare module "subset-font" {
  interface SubsetOptions {
    /** The output format; the input's by default. */
    targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
    /** OpenType feature tags to keep; all of them by default. */
    keepFeatures?: string[];
    noHinting?: boolean;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
