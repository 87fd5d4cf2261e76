import type { ReactNode } from "react";

interface SectionHeadingProps {
  /** The heading's id, which the section names with `aria-labelledby`. */
  id: string;
  /** Text, or a message with elements (a phrase kept on one line). */
  title: ReactNode;
  /** The small gold line above the heading. */
  eyebrow?: string;
  /** Paragraphs under the heading. */
  children?: ReactNode;
  /** Centred in a narrow column (most sections), or left-aligned in its own column (the story). */
  align?: "center" | "start";
  /** The story's chapters use a larger heading. */
  size?: "default" | "large";
}

/** A section's eyebrow, heading and introduction: the same markup on every page. */
export function SectionHeading({ id, title, eyebrow, children, align = "center", size = "default" }: SectionHeadingProps) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : undefined}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className={`${eyebrow ? "mt-3" : ""} text-4xl ${size === "large" ? "sm:text-5xl" : ""}`}>
        {title}
      </h2>
      {children ? <div className="mt-5 space-y-4 text-lg leading-relaxed text-ink-700">{children}</div> : null}
    </div>
  );
}
