import { preload } from "react-dom";
import type { Picture as PictureData } from "~/lib/images";

interface PictureProps {
  image: PictureData;
  /** Describes the image; an empty string marks it decorative. */
  alt: string;
  /** How wide the image is drawn, for the browser's choice of file (e.g. "(min-width: 1024px) 33vw, 100vw"). */
  sizes: string;
  /**
   * The page's largest paint: preloaded from `<head>` and loaded at once with high priority.
   * Everything else loads lazily. One picture a page at most (e2e/media.test.ts).
   */
  priority?: boolean;
  /** The drawn size when it is fixed (a wine card is 356×504); defaults to the file's own. */
  width?: number;
  height?: number;
  className?: string;
  imgClassName?: string;
}

const formats: [string, string][] = [
  ["avif", "image/avif"],
  ["webp", "image/webp"],
];

/**
 * Starts the picture's download with the HTML's first bytes: the first format the `<picture>` offers
 * (AVIF), with the same candidates and sizes, so the browser picks the very file the `<img>` will
 * use and never fetches a second one. React writes it into `<head>` ahead of the stylesheet.
 */
function preloadPicture(image: PictureData, sizes: string): void {
  const [format, type] = formats.find(([name]) => image.sources[name]) ?? [];
  const srcSet = format ? image.sources[format]! : (image.sources.jpeg ?? image.sources.jpg ?? image.sources.png);
  preload(image.img.src, { as: "image", imageSrcSet: srcSet, imageSizes: sizes, type, fetchPriority: "high" });
}

/** A responsive `<picture>`: AVIF, then WebP, then JPEG or PNG, with declared width and height. */
export function Picture({ image, alt, sizes, priority = false, width, height, className, imgClassName }: PictureProps) {
  if (priority) preloadPicture(image, sizes);
  return (
    <picture className={className}>
      {formats.map(([format, type]) => (image.sources[format] ? <source key={format} type={type} srcSet={image.sources[format]} sizes={sizes} /> : null))}
      <img
        src={image.img.src}
        srcSet={image.sources.jpeg ?? image.sources.jpg ?? image.sources.png}
        sizes={sizes}
        width={width ?? image.img.w}
        height={height ?? image.img.h}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={imgClassName}
      />
    </picture>
  );
}
