// The content editor's script (served at /admin/assets/editor.js). Every page of the editor works
// without it: the live preview has its button, a click on the focus picker posts the form, the
// counts are right when the page is drawn. With it, they follow the staff member as they type:
// - the live preview beside the form is drawn again a moment after the typing stops (the form is
//   posted into the preview's frame, without its chosen files, which go with the save);
// - each language's tag (written, missing) and the translation state's lines are counted again;
// - a search-engine text's length is counted as Google counts it (a wide character counts two,
//   as server/admin/content/search-length.ts does);
// - a click on the picture moves the focus and the crop's frame at once, without posting, and says
//   the framing is not saved yet (the newsletter's picture too).
// Plain JavaScript, no framework: it reads the `data-` attributes the server writes
// (server/admin/content/content-form.tsx, content-item-page.tsx, content-list-page.tsx).
/* global document, window, URL, URLSearchParams, HTMLInputElement, HTMLSelectElement, HTMLTextAreaElement */

const form = document.getElementById("content-form");

/** East Asian wide and full-width characters: the same ranges as server/admin/content/search-length.ts. */
const wide =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;

function searchLength(text) {
  let length = 0;
  for (const character of text.trim()) length += wide.test(character) ? 2 : 1;
  return length;
}

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

/** The live preview: the form posted into the frame, without the files chosen (they are sent by the save, or by the button). */
function livePreview() {
  const panel = document.querySelector("[data-live-action]");
  const button = document.querySelector("[data-live-button]");
  if (!form || !panel || !button) return () => undefined;
  let timer = 0;
  const draw = () => {
    const files = [...form.querySelectorAll('input[type="file"]')].filter((input) => !input.disabled);
    for (const input of files) input.disabled = true;
    try {
      form.requestSubmit(button);
    } finally {
      for (const input of files) input.disabled = false;
    }
  };
  draw();
  return () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(draw, 700);
  };
}

/** Each language's tag under a text, and the lines of the translation state. */
function countLanguages() {
  for (const details of form.querySelectorAll("details[data-language]")) {
    const input = details.querySelector("input, textarea");
    const tag = details.querySelector(".language-status");
    if (!input || !tag) continue;
    const changed = input.value !== input.defaultValue;
    // A text marked for review stays so until it is written again.
    if (tag.hasAttribute("data-review") && !changed) continue;
    const filled = input.value.trim() !== "";
    const status = filled ? "filled" : tag.dataset.emptyStatus;
    tag.textContent = filled ? tag.dataset.filled : tag.dataset.missing;
    tag.className = `language-status status-${status}`;
    details.className = `language language-${status}`;
  }
  const state = form.querySelector("[data-translation-state]");
  if (!state) return;
  const names = JSON.parse(state.dataset.names || "{}");
  const languages = Object.keys(names);
  const filled = Object.fromEntries(languages.map((lang) => [lang, 0]));
  let total = 0;
  // A text given in some languages only is never missing in the others (server/admin/content/form-model.ts, completeness).
  for (const fieldset of form.querySelectorAll("fieldset.languages:not([data-partial])")) {
    const texts = Object.fromEntries(
      languages.map((lang) => [lang, fieldset.querySelector(`details[data-language="${lang}"] :is(input, textarea)`)?.value.trim() ?? ""]),
    );
    // An optional text (or one of an optional photo) left empty in every language is not asked for.
    const photo = fieldset.closest(".picture-group")?.querySelector('input[type="hidden"][name$=".scene"]')?.value;
    if (fieldset.hasAttribute("data-optional") && !photo && languages.every((lang) => texts[lang] === "")) continue;
    total += 1;
    for (const lang of languages) if (texts[lang] !== "") filled[lang] += 1;
  }
  const plural = new Intl.PluralRules(state.dataset.pluralLang);
  const reviews = [...state.querySelectorAll("li.state-review")];
  const lines = languages.flatMap((lang) => {
    const written = reviews.filter((line) => line.dataset.language === lang);
    const name = names[lang].charAt(0).toUpperCase() + names[lang].slice(1);
    const text =
      filled[lang] < total
        ? fill(plural.select(filled[lang]) === "one" ? state.dataset.writtenOne : state.dataset.writtenOther, { language: name, filled: filled[lang], total })
        : null;
    return [...(text ? [{ lang, text, tone: "missing" }] : []), ...written.map((line) => ({ lang, text: line.textContent, tone: "review" }))];
  });
  state.replaceChildren();
  if (lines.length === 0 || total === 0) {
    const done = document.createElement("p");
    done.className = "state-complete";
    done.textContent = state.dataset.complete;
    state.append(done);
    return;
  }
  const list = document.createElement("ul");
  for (const line of lines) {
    const item = document.createElement("li");
    item.className = `state-${line.tone}`;
    item.dataset.language = line.lang;
    item.textContent = line.text;
    list.append(item);
  }
  state.append(list);
}

/** The length of each search-engine text, as Google counts it. */
function countSearchLengths() {
  for (const counter of form.querySelectorAll("[data-search-limit]")) {
    const input = counter.closest("details")?.querySelector("input, textarea");
    if (!input) continue;
    const limit = Number(counter.dataset.searchLimit);
    const length = searchLength(input.value);
    const count = counter.querySelector(".search-count");
    const verdict = counter.querySelector(".search-verdict");
    if (count) count.textContent = fill(counter.dataset.template, { length });
    if (verdict) verdict.textContent = length > limit ? counter.dataset.over : counter.dataset.fits;
    counter.classList.toggle("over", length > limit);
  }
}

/** The 16:9 frame of a picture for a focus and a zoom, as server/admin/content/pictures.ts `cropRegion` cuts it. */
function cropRegion(width, height, focus, zoom) {
  const frameWidth = Math.max(16, Math.floor(Math.min(width, (height * 16) / 9) / Math.max(1, zoom)));
  const frameHeight = Math.max(9, Math.floor((frameWidth * 9) / 16));
  const clamp = (value, max) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(focus.x * width - frameWidth / 2, width - frameWidth),
    top: clamp(focus.y * height - frameHeight / 2, height - frameHeight),
    width: frameWidth,
    height: frameHeight,
  };
}

/**
 * The focus pickers (of the content form and of the newsletter's): a click moves the focus at once
 * (no post), the zoom redraws the frame; the picture above shows the crop; a framing other than the
 * one saved says it is not saved yet.
 */
function focusPickers(changed) {
  for (const picker of document.querySelectorAll("form [data-focus-picker]")) {
    const owner = picker.closest("form");
    const name = picker.dataset.focusPicker;
    const width = Number(picker.dataset.width);
    const height = Number(picker.dataset.height);
    const image = picker.querySelector('input[type="image"]');
    const x = owner.querySelector(`input[name="${name}.focus.x"]`);
    const y = owner.querySelector(`input[name="${name}.focus.y"]`);
    const zoom = owner.querySelector(`select[name="${name}.zoom"]`);
    const unsaved = picker.querySelector("[data-focus-unsaved]");
    const rect = picker.querySelector(".focus-crop");
    const mark = picker.querySelector(".focus-mark");
    const group = picker.closest(".picture-group");
    const preview = group?.querySelector("[data-crop-preview]");
    if (!image || !x || !y || !zoom) continue;
    const redraw = () => {
      const focus = { x: Number(x.value), y: Number(y.value) };
      const frame = cropRegion(width, height, focus, Number(zoom.value));
      rect?.setAttribute("x", String(frame.left));
      rect?.setAttribute("y", String(frame.top));
      rect?.setAttribute("width", String(frame.width));
      rect?.setAttribute("height", String(frame.height));
      mark?.setAttribute("cx", String(focus.x * width));
      mark?.setAttribute("cy", String(focus.y * height));
      if (preview) {
        const url = new URL(preview.src, window.location.href);
        url.search = new URLSearchParams({ fx: x.value, fy: y.value, zoom: zoom.value }).toString();
        preview.src = url.pathname + url.search;
      }
      if (unsaved) {
        const saved = [picker.dataset.savedX, picker.dataset.savedY, picker.dataset.savedZoom].map(Number);
        unsaved.hidden = Number(x.value) === saved[0] && Number(y.value) === saved[1] && Number(zoom.value) === saved[2];
      }
    };
    image.addEventListener("click", (event) => {
      event.preventDefault();
      // A keyboard press has no point on the picture: the focus stays where it is.
      if (event.detail === 0) return;
      const box = image.getBoundingClientRect();
      const round = (value) => String(Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000);
      x.value = round((event.clientX - box.left) / box.width);
      y.value = round((event.clientY - box.top) / box.height);
      redraw();
      changed();
    });
    zoom.addEventListener("change", redraw);
  }
}

if (form) {
  const preview = livePreview();
  const changed = () => {
    countLanguages();
    countSearchLengths();
    preview();
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", (event) => {
    // A chosen file waits for the save or the preview button; everything else is followed at once.
    if (event.target instanceof HTMLInputElement && event.target.type === "file") return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) preview();
  });
  document.querySelector('select[name="_previewLang"]')?.addEventListener("change", preview);
  focusPickers(changed);
} else focusPickers(() => undefined);
