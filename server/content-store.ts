/**
 * The content the server speaks with: the estate's facts in its mails and pages, the tours' names,
 * the reply templates, the importers' answer time. It is the published content, never a draft:
 * read at start-up from the content the served build was made from (a checkout of the published
 * commit, server/admin/content/published.ts; the content folder itself before anything was
 * published), and when a publish goes live, from the checkout that publish built
 * (server/admin/index.ts): the next mail says what the live site says, with no restart, and
 * nothing saved since reaches it. It is given to the server's parts, which read it when they need
 * it: none imports the content module's own value (eslint.config.js refuses it) or keeps a copy.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ContentError, contentFile, readContent, type Content, type TourPackage } from "#content";
import { scenePattern } from "#content/schemas/scene";
import { estateNames } from "#content/names";
import { postalAddress } from "#content/address";
import { textIn } from "#content/text";
import { languages, type Language } from "#core/languages";

declare module "fastify" {
  interface FastifyInstance {
    /** The content the server speaks with (this module), decorated once by server/app.ts. */
    content: ContentStore;
  }
}

/** The estate's facts every e-mail's head and signature need, as the content says them now. */
export interface EstateFacts {
  /** The estate's name as each language writes it (content/names.ts): 莱斯库尔隐庐酒庄 in Chinese. */
  estateNames: Record<Language, string>;
  estateEmail: string;
  estatePhone: string;
  /** The estate's postal address on one line, in each language (content/address.ts). */
  address: Record<Language, string>;
  /** Where importers' applications go (content/site.json `contact.tradeEmail`). */
  tradeEmail: string;
}

/** The content folder: `dir` (CONTENT_DIR) made absolute, or the project's own. */
export const contentFolder = (dir: string | undefined): string => resolve(dir ?? contentFile());

export class ContentStore {
  private value: Content;
  private liveDir: string;

  /**
   * `dir`: the content folder the editor writes (the drafts); `live`: the folder of the content
   * the site is built from now (the content folder itself until something is published).
   */
  constructor(
    readonly dir: string,
    live: string = dir,
  ) {
    this.value = readContent(live);
    this.liveDir = live;
  }

  /** The content as the live site shows it. */
  get current(): Content {
    return this.value;
  }

  /** Where the live content is read from (a scene's picture in a newsletter is served from there). */
  get live(): string {
    return this.liveDir;
  }

  /**
   * A publish went live: its content (the folder it was built from, which nothing writes) is what
   * the server says from now on. Content that fails its schemas cannot have been built (the build
   * reads it the same way and stops), so the store keeps what it had and says so (false).
   */
  switchTo(dir: string): boolean {
    try {
      this.value = readContent(dir);
      this.liveDir = dir;
      return true;
    } catch (error) {
      if (error instanceof ContentError) return false;
      throw error;
    }
  }

  /** The live site's scenes (the pictures of the published content's `images/scenes/`), by name: what a newsletter's picture may be. */
  scenes(): string[] {
    return readdirSync(join(this.liveDir, "images", "scenes"))
      .filter((file) => file.endsWith(".jpg"))
      .map((file) => file.slice(0, -".jpg".length))
      .sort();
  }

  /** A scene's picture file, or null for a name that is not a scene's or a scene without its picture. */
  scenePicture(scene: string): string | null {
    const file = join(this.liveDir, "images", "scenes", `${scene}.jpg`);
    return scenePattern.test(scene) && existsSync(file) ? file : null;
  }

  /** A tour package by its id: the one place that looks one up. */
  tour(id: string): TourPackage | undefined {
    return this.value.tours.packages.find((tour) => tour.id === id);
  }

  /** A tour's name in a language, as the booking form names it once chosen (its id when there is no such tour). */
  tourName(id: string, lang: Language): string {
    const tour = this.tour(id);
    return tour ? textIn(tour.selectedLabel, lang) : id;
  }

  /** The estate's facts for a mail's head and signature, now. */
  estateFacts(): EstateFacts {
    const { site } = this.value;
    return {
      estateNames: estateNames(site),
      estateEmail: site.contact.email,
      estatePhone: site.contact.phone,
      address: Object.fromEntries(languages.map((lang) => [lang, postalAddress(site.address, lang)])) as Record<Language, string>,
      tradeEmail: site.contact.tradeEmail,
    };
  }
}

/**
 * Decorates the server with the content of `dir` (`app.content`), or of the project's own folder;
 * the parts that speak with it depend on this plugin's name.
 */
export const contentStore = fp(
  async (app: FastifyInstance, options: { dir?: string; live?: string }) => {
    app.decorate("content", new ContentStore(contentFolder(options.dir), options.live));
  },
  { name: "content-store", fastify: "5.x" },
);
