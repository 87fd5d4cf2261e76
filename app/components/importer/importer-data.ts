/** The importer programme's claims (content/importer.json), checked at build against content/schemas/importer.ts. */
import importerJson from "../../../content/importer.json";
import type { Importer } from "../../../content/schemas/importer";

export const importer: Importer = importerJson;
