import type { NewsIcon as IconName } from "#content";

/** Inline outline icons for the news cards (no icon library). */
const paths: Record<IconName, string> = {
  estate: "M3 21h18M5 21V10l7-5 7 5v11M9 21v-6h6v6M12 5V2m-2 1.5h4",
  people: "M16 20v-1.5a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4V20M9.5 10.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM21 20v-1.5a4 4 0 0 0-3-3.9M15.5 4.6a3 3 0 0 1 0 5.8",
  handshake: "M2 12l4-4 4 2 3-2h3l6 4M2 12l5 5 2-1 2 2 2-1 2 2 5-5-3-3M10 10l3 3",
  trophy: "M8 4h8v5a4 4 0 0 1-8 0V4zm0 2H5v1a3 3 0 0 0 3 3m8-4h3v1a3 3 0 0 1-3 3m-4 3v4m-4 3h8m-6-3h4",
  bottle: "M10 2h4v4c0 1.5 3 2.5 3 6v9a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-9c0-3.5 3-4.5 3-6V2zm-3 12h10",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z",
  leaf: "M5 19c0-9 6-14 15-14 0 9-5 15-14 15H5zm0 0 8-8",
};

export function NewsIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
