import type { ReactNode } from "react";
import { useI18n } from "~/lib/i18n/context";

/** A link to another site, opened in a new tab, saying so to screen-reader users. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const { t } = useI18n();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {t("footer.newTab")}</span>
    </a>
  );
}
