import { RichText } from "~/components/ui/rich-text";
import { StorySection } from "./story-section";
import type { StoryChapterView } from "./views";

/** The story's chapters (spec §2): the royal connection, the terroir and the philosophy, alternating sides. */
export function StoryChapters({ chapters }: { chapters: StoryChapterView[] }) {
  return (
    <>
      {chapters.map((chapter, index) => (
        <StorySection
          key={chapter.id}
          id={`story-${chapter.id}`}
          eyebrow={chapter.eyebrow}
          title={chapter.title}
          photos={chapter.photos}
          reversed={index % 2 === 1}
          tinted={index % 2 === 1}
        >
          {chapter.paragraphs.map((id, p) => (
            // The terroir's first paragraph carries markup (spec §2: "rendered as HTML"): emphasis only.
            <p key={id} data-testid={chapter.id === "terroir" && p === 0 ? "terroir-html" : undefined}>
              <RichText id={id} />
            </p>
          ))}
        </StorySection>
      ))}
    </>
  );
}
