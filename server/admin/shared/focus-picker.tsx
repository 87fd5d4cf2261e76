/**
 * Where a photograph is cut, as the staff choose it: the whole picture as an image button (a click
 * posts where it was, without a script; with one, server/admin/assets/editor.js moves the mark at
 * once), the 16:9 frame the picture will be cut to and the focus drawn over it in SVG (attributes,
 * which the staff area's policy allows where an inline style is refused), and how tight the crop
 * is. A focus or zoom that differs from the one saved says so: it is kept only by saving. The
 * content editor's photographs and the newsletter's use it.
 */
import { cropRegion } from "../../pictures";
import type { ViewContext } from "./view-context";

/** Where a picture is cut from its original: the subject's point (fractions from the top left) and how tight (1: the widest 16:9 frame). */
export interface Framing {
  focus: { x: number; y: number };
  zoom: number;
}

/** A framing as a form has it (text fields `focus.x`, `focus.y`, `zoom`), with the middle and the widest frame for what it does not say. */
export function framingOf(draft: { focus?: unknown; zoom?: unknown }): Framing {
  const focus = (draft.focus && typeof draft.focus === "object" ? draft.focus : {}) as Record<string, unknown>;
  const number = (value: unknown, fallback: number) =>
    value !== undefined && value !== null && String(value).trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : fallback;
  return { focus: { x: number(focus.x, 0.5), y: number(focus.y, 0.5) }, zoom: number(draft.zoom, 1) };
}

/** Whether two framings cut the same picture. */
const sameFraming = (a: Framing, b: Framing) => a.zoom === b.zoom && a.focus.x === b.focus.x && a.focus.y === b.focus.y;

/** The zooms offered for a crop: the widest 16:9 frame of the picture, then tighter. */
export const zooms = [1, 1.25, 1.5, 2, 3];

export interface FocusPickerProps {
  view: ViewContext;
  /** The field names' prefix (`photo`: `photo.focus.x`, `photo.zoom`; the click is `_focus:photo`). */
  name: string;
  /** The whole picture's address. */
  src: string;
  size: { width: number; height: number };
  framing: Framing;
  /** The framing saved (null: nothing saved yet, the picture is new): a different one is said to be unsaved. */
  saved: Framing | null;
  /** The width the picture is drawn at, in CSS pixels (the route reads clicks against it). */
  pickerWidth: number;
}

export function FocusPicker({ view, name, src, size, framing, saved, pickerWidth }: FocusPickerProps) {
  const height = Math.round((pickerWidth * size.height) / size.width);
  const frame = cropRegion(size.width, size.height, framing);
  const unsaved = saved === null || !sameFraming(framing, saved);
  const savedFraming = saved ?? { focus: { x: Number.NaN, y: Number.NaN }, zoom: Number.NaN };
  return (
    <div
      className="focus-picker"
      data-focus-picker={name}
      data-width={size.width}
      data-height={size.height}
      data-saved-x={String(savedFraming.focus.x)}
      data-saved-y={String(savedFraming.focus.y)}
      data-saved-zoom={String(savedFraming.zoom)}
    >
      <p className="help" id={`focus-help-${name}`}>
        {view.t("content.picture.focusHelp")}
      </p>
      <div className="focus-frame">
        <input
          type="image"
          name={`_focus:${name}`}
          src={src}
          alt={view.t("content.picture.focusPick")}
          width={pickerWidth}
          height={height}
          formNoValidate
          aria-describedby={`focus-help-${name}`}
        />
        <svg viewBox={`0 0 ${size.width} ${size.height}`} width={pickerWidth} height={height} aria-hidden="true" focusable="false" preserveAspectRatio="none">
          <rect className="focus-crop" x={frame.left} y={frame.top} width={frame.width} height={frame.height} />
          <circle className="focus-mark" cx={framing.focus.x * size.width} cy={framing.focus.y * size.height} r={Math.max(size.width, size.height) / 40} />
        </svg>
      </div>
      <p className="focus-unsaved" role="status" hidden={!unsaved} data-focus-unsaved="">
        {view.t(saved === null ? "content.picture.framingNew" : "content.picture.framingUnsaved")}
      </p>
      <input type="hidden" name={`${name}.focus.x`} value={String(framing.focus.x)} />
      <input type="hidden" name={`${name}.focus.y`} value={String(framing.focus.y)} />
      <label>
        <span>{view.t("content.picture.zoom")}</span>
        <select name={`${name}.zoom`} defaultValue={String(framing.zoom)}>
          {zooms.map((zoom) => (
            <option key={zoom} value={String(zoom)}>
              {zoom === 1
                ? view.t("content.picture.zoomWhole")
                : view.t("content.picture.zoomTighter", { zoom: new Intl.NumberFormat(view.lang).format(zoom) })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
