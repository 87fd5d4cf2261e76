/** The villa's facts (content/villa.json), checked at build against content/schemas/villa.ts. */
import villaJson from "../../../content/villa.json";
import type { Villa } from "../../../content/schemas/villa";

export const villa: Villa = villaJson;
