/**
 * The content editor's one form renderer: it draws any content type's form from its field tree
 * (server/admin/content/form-model.ts), so no type has a page of its own. The five languages of
 * a text sit side by side on a desk and one under another on a phone, each in a `<details>`
 * whose summary says whether that language is filled in or needs review. Everything works
 * without a script; the editor's script (server/admin/assets/editor.js) updates the summaries,
 * the lengths and the focus as the staff member types or clicks, reading the `data-` attributes
 * written here.
 */
import type { ReactNode } from "react";
import { languages } from "#core/languages";
import { draftAt, isBlank, isPictureGroup, isRemovablePicture, joinPath, type Draft, type FieldNode } from "./form-model";
import { choiceLabel, fieldLabel } from "./labels";
import { pictureLimits } from "../../pictures";
import { FocusPicker, framingOf, type Framing } from "../shared/focus-picker";
import { searchLengthLimits, searchLength } from "./search-length";
import { languageLabel, type ViewContext } from "../shared/view-context";

/** What the renderer needs besides the tree and the values. */
export interface FormState {
  view: ViewContext;
  /** Problems by field path (`title.fr`), in the staff member's language. */
  problems: ReadonlyMap<string, readonly string[]>;
  /** Localized texts whose English changed since they were saved (`title.fr`). */
  review: ReadonlySet<string>;
  /** The size of each picture's original (by scene name), for the focus picker's frame. */
  pictureSizes: ReadonlyMap<string, { width: number; height: number }>;
  /** The width the focus picker draws a picture at, in CSS pixels (the route reads clicks against it). */
  pickerWidth: number;
  /** Inside an optional group (a photo): its texts are asked for only when something of it is filled in. */
  inOptional?: boolean;
  /** The item's form tree and its saved version as a draft (null: a new item): a photo's framing not saved yet says so. */
  node: FieldNode;
  saved: Draft | null;
  /** The options a choice takes from the content (`from`), as [id, name in the staff's language]. */
  choices?: Readonly<Record<"wines", readonly (readonly [string, string])[]>>;
}

/** A language's name in the staff member's language, capitalised as a label: « Japonais ». */
const languageName = (view: ViewContext, lang: string) => {
  const name = languageLabel(view, lang);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** The name the field tree gives the last segment of a path (list items are named by their list). */
const nameOf = (path: readonly (string | number)[]) => String([...path].reverse().find((segment) => typeof segment === "string") ?? "");

function Problems({ state, path }: { state: FormState; path: string }) {
  const problems = state.problems.get(path);
  if (!problems || problems.length === 0) return null;
  return (
    <span className="field-problem" id={`problem-${path}`}>
      {problems.join(" ")}
    </span>
  );
}

/**
 * A search-engine text's length as Google counts it (../content/search-length.ts: a Chinese or
 * Japanese character counts twice a Latin one), against the length Google shows before it cuts.
 */
function SearchLength({ view, kind, text }: { view: ViewContext; kind: "title" | "description"; text: string }) {
  const limit = searchLengthLimits[kind];
  const length = searchLength(text);
  return (
    <span
      className={`search-length${length > limit ? " over" : ""}`}
      data-search-limit={limit}
      data-template={view.t("content.search.length", { length: "{length}", limit })}
      data-fits={view.t("content.search.fits")}
      data-over={view.t("content.search.over")}
    >
      <span className="search-count">{view.t("content.search.length", { length, limit })}</span> —{" "}
      <span className="search-verdict">{view.t(length > limit ? "content.search.over" : "content.search.fits")}</span>
    </span>
  );
}

const described = (state: FormState, path: string) => (state.problems.has(path) ? { "aria-describedby": `problem-${path}`, "aria-invalid": true } : {});

function LocalizedField({
  node,
  draft,
  path,
  state,
}: {
  node: Extract<FieldNode, { kind: "localized" }>;
  draft: Draft;
  path: (string | number)[];
  state: FormState;
}) {
  const { view } = state;
  const name = joinPath(path);
  const texts = draft as Record<string, string>;
  // A search-engine title or description shows its length as Google counts it.
  const searchKind =
    path.length >= 2 && path[path.length - 2] === "seo" && (path.at(-1) === "title" || path.at(-1) === "description")
      ? (path.at(-1) as "title" | "description")
      : null;
  return (
    <fieldset className="field languages" {...(node.partial ? { "data-partial": "" } : node.optional || state.inOptional ? { "data-optional": "" } : {})}>
      <legend>
        {fieldLabel(view, nameOf(path))}
        {node.optional || node.partial ? <span className="optional"> ({view.t("content.optional")})</span> : null}
      </legend>
      <Problems state={state} path={name} />
      <div className="language-grid">
        {languages.map((lang) => {
          const field = `${name}.${lang}`;
          const filled = (texts[lang] ?? "").trim() !== "";
          const needsReview = state.review.has(field);
          const optionalEmpty = !filled && !needsReview && (node.partial || node.optional || state.inOptional === true);
          const status = needsReview ? "review" : filled ? "filled" : optionalEmpty ? "optional" : "missing";
          const statusText = needsReview ? view.t("content.language.review") : filled ? view.t("content.language.filled") : view.t("content.language.missing");
          const Input = node.long ? "textarea" : "input";
          return (
            <details key={lang} open className={`language language-${status}`} data-language={lang}>
              <summary>
                <span>{languageName(view, lang)}</span>{" "}
                <span
                  className={`language-status status-${status}`}
                  data-filled={view.t("content.language.filled")}
                  data-missing={view.t(node.partial || node.optional || state.inOptional ? "content.language.optionalEmpty" : "content.language.missing")}
                  data-empty-status={node.partial || node.optional || state.inOptional ? "optional" : "missing"}
                  {...(needsReview ? { "data-review": "" } : {})}
                >
                  {optionalEmpty ? view.t("content.language.optionalEmpty") : statusText}
                </span>
              </summary>
              <label>
                <span className="visually-hidden">
                  {fieldLabel(view, nameOf(path))} — {languageName(view, lang)}
                </span>
                <Input
                  name={field}
                  lang={lang}
                  defaultValue={texts[lang] ?? ""}
                  {...(node.long ? { rows: 6 } : { type: "text" })}
                  {...described(state, field)}
                />
              </label>
              {searchKind ? <SearchLength view={view} kind={searchKind} text={texts[lang] ?? ""} /> : null}
              {needsReview ? (
                <label className="checkbox">
                  <input type="checkbox" name={`_reviewed.${field}`} /> {view.t("content.language.checked")}
                </label>
              ) : null}
              <Problems state={state} path={field} />
            </details>
          );
        })}
      </div>
    </fieldset>
  );
}

function ListField({ node, draft, path, state }: { node: Extract<FieldNode, { kind: "list" }>; draft: Draft; path: (string | number)[]; state: FormState }) {
  const { view } = state;
  const name = joinPath(path);
  const items = draft as Draft[];
  const canRemove = !node.fixed && items.length > (node.min ?? 0);
  const canAdd = !node.fixed && (node.max === undefined || items.length < node.max);
  return (
    <fieldset className="field list">
      <legend>{fieldLabel(view, nameOf(path))}</legend>
      <Problems state={state} path={name} />
      <input type="hidden" name={`${name}.__count`} value={items.length} />
      <ol className="list-items">
        {items.map((item, index) => (
          <li key={index} className="list-item">
            <Field node={node.item} draft={item} path={[...path, index]} state={state} />
            {node.fixed ? null : (
              <div className="list-actions">
                <button type="submit" name="_op" value={`up:${name}:${index}`} formNoValidate disabled={index === 0} className="secondary">
                  {view.t("content.list.up")}
                </button>
                <button type="submit" name="_op" value={`down:${name}:${index}`} formNoValidate disabled={index === items.length - 1} className="secondary">
                  {view.t("content.list.down")}
                </button>
                <button type="submit" name="_op" value={`remove:${name}:${index}`} formNoValidate disabled={!canRemove} className="secondary">
                  {view.t("content.list.remove")}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {canAdd ? (
        <button type="submit" name="_op" value={`add:${name}`} formNoValidate className="secondary">
          {view.t("content.list.add")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A field of one control: its label (optional or not, with a hint) and the control, its problems under them. */
function LabelledControl({
  state,
  name,
  label,
  optional,
  hint,
  children,
}: {
  state: FormState;
  name: string;
  label: string;
  optional: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label>
        <span>
          {label}
          {optional}
          {hint}
        </span>
        {children}
      </label>
      <Problems state={state} path={name} />
    </div>
  );
}

/**
 * A picture: the one the item names now (from the staff area, as the staff policy allows only this
 * server's images), its name kept in a hidden field, and a file input that replaces it on the next
 * post (the form is `multipart/form-data`). The limits are said before the staff member chooses.
 */
function PictureControl({
  name,
  label,
  optional,
  scene,
  framing,
  state,
}: {
  name: string;
  label: string;
  optional: ReactNode;
  scene: string;
  framing?: Framing;
  state: FormState;
}) {
  const { view } = state;
  const cut = framing ? `?${new URLSearchParams({ fx: String(framing.focus.x), fy: String(framing.focus.y), zoom: String(framing.zoom) }).toString()}` : "";
  return (
    <div className="field picture">
      <span className="picture-label">
        {label}
        {optional}
      </span>
      {scene ? (
        <img
          src={`/admin/content/pictures/${scene}.jpg${cut}`}
          alt={view.t("content.picture.cropShown")}
          width={320}
          height={180}
          className="picture-preview"
          data-crop-preview={scene}
        />
      ) : (
        <p className="help">{view.t("content.picture.none")}</p>
      )}
      <input type="hidden" name={name} value={scene} />
      <label className="picture-upload">
        <span>{view.t(scene ? "content.picture.replace" : "content.picture.choose")}</span>
        <input type="file" name={`${name}.upload`} accept="image/jpeg,image/png,image/webp,image/avif" {...described(state, name)} />
      </label>
      <span className="help">
        {view.t("content.picture.help", {
          minWidth: pictureLimits.minWidth,
          minHeight: pictureLimits.minHeight,
          maxMegabytes: pictureLimits.maxBytes / 1024 / 1024,
        })}
      </span>
      <Problems state={state} path={name} />
    </div>
  );
}

/** The focus picker of a photo, with the framing saved for it (a different one is said to be unsaved). */
function PhotoFocus({ name, scene, framing, state }: { name: string; scene: string; framing: Framing; state: FormState }) {
  const size = state.pictureSizes.get(scene);
  if (!size) return null;
  const saved = state.saved ? draftAt(state.node, state.saved, name) : null;
  const savedScene = saved && typeof saved.value === "object" && !Array.isArray(saved.value) ? (saved.value as Record<string, Draft>) : null;
  const sameScene = savedScene !== null && Object.values(savedScene).includes(scene);
  return (
    <FocusPicker
      view={state.view}
      name={name}
      src={`/admin/content/pictures/${scene}.jpg?whole=1`}
      size={size}
      framing={framing}
      saved={sameScene ? framingOf(savedScene) : null}
      pickerWidth={state.pickerWidth}
    />
  );
}

/** A photo: its picture and upload, where it is cut (the focus picker), its descriptions, and the button that takes it off. */
function PictureGroup({
  node,
  draft,
  path,
  state,
}: {
  node: Extract<FieldNode, { kind: "group" }>;
  draft: Draft;
  path: (string | number)[];
  state: FormState;
}) {
  const { view } = state;
  const name = joinPath(path);
  const fields = draft as Record<string, Draft>;
  const pictureKey = node.fields.find(([, child]) => child.kind === "text" && child.format === "picture")![0];
  const scene = String(fields[pictureKey] ?? "");
  const framed = node.fields.some(([key]) => key === "focus");
  const framing = framingOf(fields);
  const rest = node.fields.filter(([key]) => key !== pictureKey && !(framed && (key === "focus" || key === "zoom")));
  const label = fieldLabel(view, nameOf(path));
  const optional = node.optional ? <span className="optional"> ({view.t("content.optional")})</span> : null;
  const body = (
    <>
      <Problems state={state} path={name} />
      <PictureControl
        name={joinPath([...path, pictureKey])}
        label={fieldLabel(view, pictureKey)}
        optional={null}
        scene={scene}
        {...(framed ? { framing } : {})}
        state={state}
      />
      {framed && scene ? <PhotoFocus name={name} scene={scene} framing={framing} state={state} /> : null}
      {rest.map(([key, child]) => (
        <Field key={key} node={child} draft={fields[key] ?? ""} path={[...path, key]} state={state} />
      ))}
      {isRemovablePicture(node) && !isBlank(draft) ? (
        <p className="picture-remove">
          <button type="submit" name="_op" value={`clear:${name}`} formNoValidate className="secondary">
            {view.t("content.picture.remove")}
          </button>{" "}
          <span className="help">{view.t("content.picture.removeHelp")}</span>
        </p>
      ) : null}
    </>
  );
  if (typeof path.at(-1) === "number") return <div className="group picture-group">{body}</div>;
  return (
    <fieldset className="field group picture-group">
      <legend>
        {label}
        {optional}
      </legend>
      {body}
    </fieldset>
  );
}

/** One field of any kind, at its path. */
export function Field({ node, draft, path, state }: { node: FieldNode; draft: Draft; path: (string | number)[]; state: FormState }) {
  const { view } = state;
  const name = joinPath(path);
  const label = fieldLabel(view, nameOf(path));
  const optional = node.optional ? <span className="optional"> ({view.t("content.optional")})</span> : null;
  switch (node.kind) {
    case "localized":
      return <LocalizedField node={node} draft={draft} path={path} state={state} />;
    case "list":
      return <ListField node={node} draft={draft} path={path} state={state} />;
    case "variant": {
      // A group price: from how many people, the amount, and per person or for the group (FN11).
      const fields = draft as Record<string, Draft>;
      const amountName = `${name}.__amount`;
      return (
        <fieldset className="group variant">
          <legend>
            {label}
            {optional}
          </legend>
          <Problems state={state} path={name} />
          {node.shared.map(([key, child]) => (
            <Field key={key} node={child} draft={fields[key] ?? ""} path={[...path, key]} state={state} />
          ))}
          <LabelledControl state={state} name={amountName} label={view.t("content.variant.amount")} optional={null}>
            <input
              type="text"
              inputMode="decimal"
              name={amountName}
              defaultValue={fields.__amount as string}
              className="number"
              {...described(state, amountName)}
            />
          </LabelledControl>
          {node.keys.map((key) => (
            <Problems key={key} state={state} path={`${name}.${key}`} />
          ))}
          <LabelledControl state={state} name={`${name}.__per`} label={view.t("content.variant.per")} optional={null}>
            <select name={`${name}.__per`} defaultValue={fields.__per as string}>
              {node.keys.map((key) => (
                <option key={key} value={key}>
                  {choiceLabel(view, key)}
                </option>
              ))}
            </select>
          </LabelledControl>
        </fieldset>
      );
    }
    case "group": {
      if (isPictureGroup(node)) return <PictureGroup node={node} draft={draft} path={path} state={node.optional ? { ...state, inOptional: true } : state} />;
      const fields = draft as Record<string, Draft>;
      const inner = node.fields.map(([key, child]) => (
        <Field key={key} node={child} draft={fields[key] ?? ""} path={[...path, key]} state={node.optional ? { ...state, inOptional: true } : state} />
      ));
      if (path.length === 0 || typeof path[path.length - 1] === "number") return <div className="group">{inner}</div>;
      // The search-engine fields are folded away until used: most items read well with their own title and teaser.
      if (path.at(-1) === "seo") {
        return (
          <details className="field group folded" open={!isBlank(draft) || [...state.problems.keys()].some((key) => key.startsWith(`${name}.`))}>
            <summary>
              {label}
              {optional} <span className="help">{view.t("content.search.explain")}</span>
            </summary>
            <Problems state={state} path={name} />
            {inner}
          </details>
        );
      }
      return (
        <fieldset className="field group">
          <legend>
            {label}
            {optional}
          </legend>
          <Problems state={state} path={name} />
          {inner}
          {isRemovablePicture(node) && !isBlank(draft) ? (
            <p className="picture-remove">
              <button type="submit" name="_op" value={`clear:${name}`} formNoValidate className="secondary">
                {view.t("content.picture.remove")}
              </button>{" "}
              <span className="help">{view.t("content.picture.removeHelp")}</span>
            </p>
          ) : null}
        </fieldset>
      );
    }
    case "boolean":
      return (
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name={name} defaultChecked={draft === "on"} {...described(state, name)} /> {label}
          </label>
          <Problems state={state} path={name} />
        </div>
      );
    case "choice": {
      // The content's own items (the shop's wines) by name, or the schema's options by their catalog names.
      const options = node.from ? (state.choices?.[node.from] ?? []) : node.options.map((option) => [option, choiceLabel(view, option)] as const);
      return (
        <LabelledControl state={state} name={name} label={label} optional={optional}>
          <select name={name} defaultValue={draft as string} {...described(state, name)}>
            {node.optional || !options.some(([value]) => value === draft) ? <option value="">{view.t("content.choose")}</option> : null}
            {options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </LabelledControl>
      );
    }
    case "number": {
      const limits =
        node.min !== undefined && node.max !== undefined
          ? view.t("content.range", { min: node.min, max: node.max })
          : node.min !== undefined
            ? view.t(node.exclusiveMin ? "content.rangeAbove" : "content.rangeFrom", { min: node.min })
            : node.max !== undefined
              ? view.t("content.rangeTo", { max: node.max })
              : null;
      const range = limits ? <span className="help"> {limits}</span> : null;
      return (
        <LabelledControl state={state} name={name} label={label} optional={optional} hint={range}>
          {/* Text with a numeric keyboard: a browser's number box would refuse "12,50" and drop what was typed. */}
          <input type="text" inputMode="decimal" name={name} defaultValue={draft as string} className="number" {...described(state, name)} />
        </LabelledControl>
      );
    }
    case "json":
      return (
        <LabelledControl
          state={state}
          name={name}
          label={label}
          optional={optional}
          hint={
            <>
              {" "}
              <span className="help">{view.t("content.json")}</span>
            </>
          }
        >
          <textarea name={name} defaultValue={draft as string} rows={10} className="code" {...described(state, name)} />
        </LabelledControl>
      );
    case "text": {
      if (node.format === "picture") return <PictureControl name={name} label={label} optional={optional} scene={draft as string} state={state} />;
      const long = node.format === "long";
      const type = node.format === "date" ? "date" : node.format === "datetime" ? "datetime-local" : node.format === "uri" ? "url" : "text";
      const hint = node.format === "datetime" ? <span className="help"> {view.t("content.parisTime")}</span> : undefined;
      if (node.alternatives) {
        // Points typed, or one of the words chosen by its name (a medal: « or », « argent », « bronze »).
        const chosen = node.alternatives.includes(draft as string) ? (draft as string) : "";
        return (
          <LabelledControl state={state} name={name} label={label} optional={optional}>
            <input type="text" name={name} defaultValue={chosen ? "" : (draft as string)} {...described(state, name)} />
            <select name={`${name}.__choice`} defaultValue={chosen} aria-label={view.t("content.orChoose", { field: label })}>
              <option value="">—</option>
              {node.alternatives.map((word) => (
                <option key={word} value={word}>
                  {choiceLabel(view, word)}
                </option>
              ))}
            </select>
          </LabelledControl>
        );
      }
      return (
        <LabelledControl state={state} name={name} label={label} optional={optional} hint={hint}>
          {long ? (
            <textarea name={name} defaultValue={draft as string} rows={5} {...described(state, name)} />
          ) : (
            <input type={type} name={name} defaultValue={draft as string} {...described(state, name)} />
          )}
        </LabelledControl>
      );
    }
  }
}
