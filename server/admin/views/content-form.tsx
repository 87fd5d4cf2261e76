/**
 * The content editor's one form renderer: it draws any content type's form from its field tree
 * (server/admin/content/form-model.ts), so no type has a page of its own. The five languages of
 * a text sit side by side on a desk and one under another on a phone, each in a `<details>`
 * (no script: the staff pages carry none) whose summary says whether that language is filled in
 * or needs review.
 */
import type { ReactNode } from "react";
import { languageNames, languages } from "#core/languages";
import { adminCatalog, type AdminMessageId } from "#locales/admin";
import { isBlank, isRemovablePicture, joinPath, type Draft, type FieldNode } from "../content/form-model";
import { pictureLimits } from "../content/pictures";
import type { ViewContext } from "../view-context";

/** What the renderer needs besides the tree and the values. */
export interface FormState {
  view: ViewContext;
  /** Problems by field path (`title.fr`), in the staff member's language. */
  problems: ReadonlyMap<string, readonly string[]>;
  /** Localized texts whose English changed since they were saved (`title.fr`). */
  review: ReadonlySet<string>;
}

/** A field's name for the staff: from the catalog (`content.field.<name>`), else the name spelled out. */
export function fieldLabel(view: ViewContext, name: string): string {
  const id = `content.field.${name}` as AdminMessageId;
  if (adminCatalog(view.lang)[id] !== undefined) return view.t(id);
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A choice's name: from the catalog (`content.choice.<value>`), else the value spelled out. */
function choiceLabel(view: ViewContext, value: string): string {
  const id = `content.choice.${value}` as AdminMessageId;
  if (adminCatalog(view.lang)[id] !== undefined) return view.t(id);
  return value.replace(/[-_]/g, " ");
}

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

const described = (state: FormState, path: string) => (state.problems.has(path) ? { "aria-describedby": `problem-${path}`, "aria-invalid": true } : {});

function LocalizedField({ node, draft, path, state }: { node: Extract<FieldNode, { kind: "localized" }>; draft: Draft; path: (string | number)[]; state: FormState }) {
  const { view } = state;
  const name = joinPath(path);
  const texts = draft as Record<string, string>;
  return (
    <fieldset className="field languages">
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
          const status = needsReview ? "review" : filled ? "filled" : "missing";
          const statusText = needsReview ? view.t("content.language.review") : filled ? view.t("content.language.filled") : view.t("content.language.missing");
          const Input = node.long ? "textarea" : "input";
          return (
            <details key={lang} open className={`language language-${status}`}>
              <summary>
                <span lang={lang}>{languageNames[lang]}</span> <span className={`language-status status-${status}`}>{statusText}</span>
              </summary>
              <label>
                <span className="visually-hidden">
                  {fieldLabel(view, nameOf(path))} — {languageNames[lang]}
                </span>
                <Input name={field} lang={lang} defaultValue={texts[lang] ?? ""} {...(node.long ? { rows: 6 } : { type: "text" })} {...described(state, field)} />
              </label>
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
function LabelledControl({ state, name, label, optional, hint, children }: { state: FormState; name: string; label: string; optional: ReactNode; hint?: ReactNode; children: ReactNode }) {
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
function PictureControl({ name, label, optional, scene, state }: { name: string; label: string; optional: ReactNode; scene: string; state: FormState }) {
  const { view } = state;
  return (
    <div className="field picture">
      <span className="picture-label">
        {label}
        {optional}
      </span>
      {scene ? (
        <img src={`/admin/content/pictures/${scene}.jpg`} alt="" width={320} height={180} className="picture-preview" />
      ) : (
        <p className="help">{view.t("content.picture.none")}</p>
      )}
      <input type="hidden" name={name} value={scene} />
      <label className="picture-upload">
        <span>{view.t(scene ? "content.picture.replace" : "content.picture.choose")}</span>
        <input type="file" name={`${name}.upload`} accept="image/jpeg,image/png,image/webp,image/avif" {...described(state, name)} />
      </label>
      <span className="help">
        {view.t("content.picture.help", { minWidth: pictureLimits.minWidth, minHeight: pictureLimits.minHeight, maxMegabytes: pictureLimits.maxBytes / 1024 / 1024 })}
      </span>
      <Problems state={state} path={name} />
    </div>
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
    case "group": {
      const fields = draft as Record<string, Draft>;
      const inner = node.fields.map(([key, child]) => <Field key={key} node={child} draft={fields[key] ?? ""} path={[...path, key]} state={state} />);
      if (path.length === 0 || typeof path[path.length - 1] === "number") return <div className="group">{inner}</div>;
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
    case "choice":
      return (
        <LabelledControl state={state} name={name} label={label} optional={optional}>
          <select name={name} defaultValue={draft as string} {...described(state, name)}>
            {node.optional || !node.options.includes(draft as string) ? <option value="">{view.t("content.choose")}</option> : null}
            {node.options.map((option) => (
              <option key={option} value={option}>
                {choiceLabel(view, option)}
              </option>
            ))}
          </select>
        </LabelledControl>
      );
    case "number": {
      const limits = node.max === undefined ? (node.min === undefined ? null : view.t("content.atLeast", { min: node.min })) : view.t("content.range", { min: node.min ?? 0, max: node.max });
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
      const type = node.format === "date" ? "date" : node.format === "uri" ? "url" : "text";
      return (
        <LabelledControl state={state} name={name} label={label} optional={optional}>
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
