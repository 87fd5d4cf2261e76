import type { LivePreview } from "./live-preview";
import type { PictureStore } from "./pictures";
import type { Publisher } from "./publisher";
import type { ContentRepository } from "./repository";
import type { ReviewStore } from "./review";
import type { ContentSchedule } from "./schedule";

/** What the content editor's routes share: the folder they write, the translation state, publishing, the schedule and the live preview. */
export interface ContentEditor {
  repository: ContentRepository;
  review: ReviewStore;
  publisher: Publisher;
  pictures: PictureStore;
  schedule: ContentSchedule;
  live: LivePreview;
}
