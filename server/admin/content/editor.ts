import type { LivePreview } from "./live-preview";
import type { PictureStore } from "./pictures";
import type { PublishedContent } from "./published";
import type { Publisher } from "./publisher";
import type { ContentRepository } from "./repository";
import type { ReviewStore } from "./review";
import type { ContentSchedule } from "./schedule";

/** What the content editor's routes share: the folder they write (the drafts), the published versions, the translation state, publishing, the schedule and the live preview. */
export interface ContentEditor {
  repository: ContentRepository;
  /** The published versions (what the live site is built from). */
  published: PublishedContent;
  review: ReviewStore;
  publisher: Publisher;
  pictures: PictureStore;
  schedule: ContentSchedule;
  live: LivePreview;
}
