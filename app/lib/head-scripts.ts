import { defaultLanguage, languageStorageKey, languages } from "#core/languages";

/** `sessionStorage` key of the age confirmation (spec §4). */
export const ageStorageKey = "ageVerified";

/** Attribute the head script sets on `<html>` when the session has confirmed the visitor's age. */
export const ageVerifiedAttribute = "data-age-verified";

const prefixed = languages.filter((lang) => lang !== defaultLanguage);

/**
 * Runs in `<head>` before the page paints. It hides the age gate for a session that already
 * passed it, and sends a visitor whose saved language is not English from an English URL to
 * the same page in that language, so neither shows a flash of the wrong state. The Content
 * Security Policy allows it by its hash (scripts/postbuild.ts).
 */
export const headScript = `(function(){try{var d=document.documentElement;if(sessionStorage.getItem(${JSON.stringify(
  ageStorageKey,
)})==="true")d.setAttribute(${JSON.stringify(ageVerifiedAttribute)},"");var l=localStorage.getItem(${JSON.stringify(
  languageStorageKey,
)}),p=location.pathname;if(${JSON.stringify(prefixed)}.indexOf(l)>=0&&!/^\\/(${prefixed.join(
  "|",
)})(\\/|$)/.test(p)){d.style.display="none";location.replace("/"+l+(p==="/"?"":p)+location.search+location.hash)}}catch(e){}})()`;

/**
 * Runs right after the age gate's markup: opens it as a modal dialog before any JavaScript
 * bundle arrives, so the page behind it is inert from the first paint, and keeps Escape from
 * dismissing it (stopping the key itself; browsers may let a repeated `cancel` through).
 */
export const ageGateScript = `(function(){var g=document.getElementById("age-gate");if(!g)return;g.addEventListener("keydown",function(e){if(e.key==="Escape")e.preventDefault()});g.addEventListener("cancel",function(e){e.preventDefault()});if(!document.documentElement.hasAttribute(${JSON.stringify(
  ageVerifiedAttribute,
)})&&!g.open)g.showModal()})()`;
