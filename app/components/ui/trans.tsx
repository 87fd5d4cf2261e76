import { Fragment, type ReactNode } from "react";

/**
 * Renders a translated sentence whose `{{name}}` placeholders are React elements (links inside
 * a sentence), so word order stays each language's own.
 */
export function Trans({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/(\{\{\s*\w+\s*\}\})/g);
  return (
    <>
      {pieces.map((piece, index) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
        return <Fragment key={index}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
      })}
    </>
  );
}
