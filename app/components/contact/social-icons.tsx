/** Outline marks of the three networks (spec §2), drawn inline: no icon library, nothing loaded. */
const paths = {
  instagram: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01",
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z",
  linkedin:
    "M4 9h4v11H4zM6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5 5h4v1.6a4.5 4.5 0 0 1 3.5-1.6c2.5 0 3.5 1.6 3.5 4.5V20h-4v-5.8c0-1.4-.5-2.2-1.7-2.2-1.3 0-2.3.9-2.3 2.4V20h-3z",
} as const;

export type SocialNetwork = keyof typeof paths;

export function SocialIcon({ network, className = "size-5" }: { network: SocialNetwork; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <path d={paths[network]} />
    </svg>
  );
}
