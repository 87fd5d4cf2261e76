import type { PictureStore } from "./pictures";
import type { Publisher } from "./publisher";
import type { ContentRepository } from "./repository";
import type { ReviewStore } from "./review";

/** What the content editor's routes share: the folder they write and the translation state. */
export interface ContentEditor {
  repository: ContentRepository;
  review: ReviewStore;
  publisher: Publisher;
  pictures: PictureStore;
}
