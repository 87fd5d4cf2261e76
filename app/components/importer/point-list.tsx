import type { ImporterPoint } from "./views";

/** One of the page's three lists of points (spec §2): each point a title and a sentence. */
export function PointList({ points, columns = false }: { points: ImporterPoint[]; columns?: boolean }) {
  return (
    <ul className={`grid gap-6 ${columns ? "md:grid-cols-3" : ""}`}>
      {points.map((point, index) => (
        <li key={point.id} data-point={point.id} className="flex gap-4 rounded-sm bg-white p-6 shadow-sm ring-1 ring-cream-200">
          <span aria-hidden="true" className="font-heading text-3xl leading-none text-gold-600">
            {String(index + 1).padStart(2, "0")}
          </span>
          <div>
            <h3 className="text-xl">{point.title}</h3>
            <p className="mt-1 leading-relaxed text-ink-700">{point.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
