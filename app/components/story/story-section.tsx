import type { ReactNode } from "react";
import { Picture } from "~/components/ui/picture";
import type { Picture as PictureData } from "~/lib/images";
import { SectionHeading } from "~/components/ui/section-heading";

interface StoryPhoto {
  image: PictureData;
  alt: string;
}

interface StorySectionProps {
  id: string;
  eyebrow: string;
  title: string;
  /** The section's paragraphs. */
  children: ReactNode;
  /** A large photo and a smaller one set against it. */
  photos: [StoryPhoto, StoryPhoto];
  /** Photos on the left on wide screens, to alternate down the page. */
  reversed?: boolean;
  tinted?: boolean;
}

/** One chapter of the story (spec §2): text beside its photos. */
export function StorySection({ id, eyebrow, title, children, photos, reversed = false, tinted = false }: StorySectionProps) {
  const [main, detail] = photos;
  return (
    <section aria-labelledby={id} className={`px-6 py-20 sm:py-28 ${tinted ? "border-y border-cream-200 bg-white" : ""}`}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className={reversed ? "lg:order-2" : ""}>
          <SectionHeading id={id} eyebrow={eyebrow} title={title} align="start" size="large">
            {children}
          </SectionHeading>
        </div>
        <div className="relative pb-16 sm:pb-24">
          <Picture
            image={main.image}
            alt={main.alt}
            sizes="(min-width: 1024px) 36rem, 100vw"
            imgClassName="aspect-[4/3] h-auto w-full rounded-sm object-cover shadow-md"
          />
          <Picture
            image={detail.image}
            alt={detail.alt}
            sizes="(min-width: 1024px) 18rem, 50vw"
            className={`absolute bottom-0 w-1/2 ${reversed ? "left-0" : "right-0"}`}
            imgClassName="aspect-square h-auto w-full rounded-sm border-4 border-cream-50 object-cover shadow-lg"
          />
        </div>
      </div>
    </section>
  );
}
