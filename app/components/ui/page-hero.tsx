import type { ReactNode } from "react";

/** The band at the top of each page: its one `<h1>`, a subtitle and optional extras. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className="bg-wine-900 px-6 py-20 text-center text-cream-50 sm:py-28">
      <h1 className="mx-auto max-w-4xl text-4xl text-cream-50 sm:text-6xl">{title}</h1>
      {subtitle ? <p className="mx-auto mt-5 max-w-2xl text-lg text-cream-100 sm:text-xl">{subtitle}</p> : null}
      {children}
    </section>
  );
}
