import { defaultLanguage, languageStorageKey, languages } from "#core/languages";

/** `sessionStorage` key of the age confirmation (spec §4). */
export const ageStorageKey = "ageVerified";

/** Attribute the head script sets on `<html>` when the session has confirmed the visitor's age. */
export const ageVerifiedAttribute = "data-age-verified";

const prefixed = languages.filter((lang) => lang !== defaultLanguage);

/** Where "No" sends the visitor: a general search engine (spec §4). */
const underAgeUrl = "https://www.google.com";

/** Attribute of the age gate's two answers: `yes` or `no`. */
export const ageAnswerAttribute = "data-age-answer";

/** Attribute of a language switcher link: the language it switches to. */
export const languageChoiceAttribute = "data-language";

const json = JSON.stringify;

/**
 * Runs in `<head>` before the page paints. It hides the age gate for a session that already
 * passed it, and sends a visitor whose saved language is not English from an English URL to
 * the same page in that language, so neither shows a flash of the wrong state.
 *
 * It also answers what matters before the framework has loaded (the page's JavaScript starts after
 * the first paint, pipeline/paint-first.ts), and goes on doing so after: the age gate's Yes (the
 * session flag, the gate closed) and No (to a search engine), Escape refused on the gate, and a
 * chosen language saved before its link is followed. The listeners sit on the document, so a gate
 * shown again after a client-side navigation is covered too. The Content Security Policy allows it
 * by its hash (pipeline/postbuild.ts).
 */
export const headScript =
  `(function(){var d=document,h=d.documentElement;try{if(sessionStorage.getItem(${json(ageStorageKey)})==="true")h.setAttribute(${json(ageVerifiedAttribute)},"");` +
  `var l=localStorage.getItem(${json(languageStorageKey)}),p=location.pathname;if(${json(prefixed)}.indexOf(l)>=0&&!/^\\/(${prefixed.join("|")})(\\/|$)/.test(p)){h.style.display="none";location.replace("/"+l+(p==="/"?"":p)+location.search+location.hash)}}catch(e){}` +
  `var gate=function(){var g=d.getElementById("age-gate");return g&&g.open?g:null};` +
  `d.addEventListener("click",function(e){var t=e.target,a=t&&t.closest&&t.closest("[${ageAnswerAttribute}],a[${languageChoiceAttribute}]");if(!a)return;` +
  `if(a.hasAttribute(${json(languageChoiceAttribute)})){try{localStorage.setItem(${json(languageStorageKey)},a.getAttribute(${json(languageChoiceAttribute)}))}catch(x){}return}` +
  `if(a.getAttribute(${json(ageAnswerAttribute)})!=="yes"){location.href=${json(underAgeUrl)};return}` +
  `try{sessionStorage.setItem(${json(ageStorageKey)},"true")}catch(x){}h.setAttribute(${json(ageVerifiedAttribute)},"");var g=gate();if(g)g.close()});` +
  `d.addEventListener("cancel",function(e){if(e.target===gate())e.preventDefault()},true);` +
  `d.addEventListener("keydown",function(e){if(e.key==="Escape"&&gate())e.preventDefault()},true)})()`;

/**
 * Runs right after the age gate's markup: opens it as a modal dialog before any JavaScript
 * bundle arrives, so the page behind it is inert from the first paint.
 */
export const ageGateScript = `(function(){var g=document.getElementById("age-gate");if(g&&!g.open&&!document.documentElement.hasAttribute(${json(ageVerifiedAttribute)}))g.showModal()})()`;
