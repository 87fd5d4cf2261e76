import { useEffect, useRef, useState, type ReactNode } from "react";

interface ClickToLoadProps {
  /** The outside page the frame shows once the visitor asks for it. */
  src: string;
  /** The frame's accessible title. */
  title: string;
  /** The placeholder button's text. */
  label: string;
  /** Said under the button: which site the content comes from. */
  note: string;
  /** The frame's `allow` list (e.g. for a video player; list `fullscreen` here, not `allowfullscreen`). */
  allow?: string;
  icon?: ReactNode;
  className?: string;
}

/**
 * A placeholder that loads an outside frame (map, video) only when the visitor clicks it, so no
 * request leaves the site before they choose to (docs: DESIGN.md, privacy). Focus moves to the
 * frame that replaced the button.
 */
export function ClickToLoad({ src, title, label, note, allow, icon, className = "" }: ClickToLoadProps) {
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (loaded) frame.current?.focus();
  }, [loaded]);

  if (loaded) {
    return <iframe ref={frame} src={src} title={title} allow={allow} className={`block w-full border-0 bg-cream-200 ${className}`} />;
  }
  return (
    <button
      type="button"
      onClick={() => setLoaded(true)}
      className={`group flex w-full flex-col items-center justify-center gap-3 bg-wine-900 p-6 text-center text-cream-50 hover:bg-wine-800 ${className}`}
    >
      {icon}
      <span className="btn-light pointer-events-none group-hover:bg-cream-50 group-hover:text-wine-900">{label}</span>
      <span className="max-w-md text-sm text-cream-100">{note}</span>
    </button>
  );
}
