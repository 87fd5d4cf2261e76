import { useI18n } from "~/lib/i18n/context";

type Group = "benefits" | "requirements" | "commitments";

const items = {
  benefits: ["allocation", "direct", "support"],
  requirements: ["distribution", "marketKnowledge", "financialStability"],
  commitments: ["quality", "marketing", "partnership"],
} as const satisfies Record<Group, readonly string[]>;

/** One of the page's three lists of points (spec §2): each point a title and a sentence. */
export function PointList({ group }: { group: Group }) {
  const { tDynamic } = useI18n();
  return (
    <ul className={`grid gap-6 ${group === "benefits" ? "md:grid-cols-3" : ""}`}>
      {items[group].map((item, index) => (
        <li key={item} data-point={item} className="flex gap-4 rounded-sm bg-white p-6 shadow-sm ring-1 ring-cream-200">
          <span aria-hidden="true" className="font-heading text-3xl leading-none text-gold-600">
            {String(index + 1).padStart(2, "0")}
          </span>
          <div>
            <h3 className="text-xl">{tDynamic(`importer.${group}.${item}.title`)}</h3>
            <p className="mt-1 leading-relaxed text-ink-700">{tDynamic(`importer.${group}.${item}.text`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
