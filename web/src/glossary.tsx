// The game's words explained where they appear: each term of the glossary
// catalogue (glossary.json) in a text on the table gets a short
// explanation on hover, tap or keyboard, linked to its rules section.

import type { ComponentChildren } from "preact";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { GameName } from "./cards";
import GLOSSARY from "./glossary.json";
import { say, t, type Lang } from "./i18n";

/** GlossTerm is one word of a game, explained in both languages. */
export interface GlossTerm {
  id: string;
  game: GameName;
  /** the rules page section (an id of RulesPage) that explains it */
  section: string;
  /** the words that stand for it in each language's texts */
  match: Record<Lang, string[]>;
  en: string;
  de: string;
}

/** TERMS is the glossary catalogue. */
export const TERMS = GLOSSARY.terms as GlossTerm[];

/** SECTIONS names each game's rules page sections, in page order (their element ids). */
export const SECTIONS = GLOSSARY.sections as Record<GameName, string[]>;

const matchers = new Map<string, { re: RegExp; by: Map<string, GlossTerm> } | null>();

/** matcher finds the game's terms in a text of lang, the longest words first. */
function matcher(game: GameName, lang: Lang) {
  const key = game + "/" + lang;
  if (!matchers.has(key)) {
    const by = new Map<string, GlossTerm>();
    for (const term of TERMS) if (term.game === game) for (const w of term.match[lang]) by.set(w, term);
    const words = [...by.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    matchers.set(key, words.length ? { re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})(?![\\p{L}\\p{N}])`, "gu"), by } : null);
  }
  return matchers.get(key) ?? null;
}

/**
 * Glossed shows a text with each glossary term of the game in it
 * explained; focusable false keeps its words out of the Tab order (a text
 * shown to screen readers only).
 */
export function Glossed(p: { text: string; game: GameName; lang: Lang; focusable?: boolean }) {
  const m = matcher(p.game, p.lang);
  if (!m) return <>{p.text}</>;
  const out: ComponentChildren[] = [];
  let at = 0;
  for (const hit of p.text.matchAll(m.re)) {
    const i = hit.index ?? 0;
    if (i > at) out.push(p.text.slice(at, i));
    out.push(
      <Term term={m.by.get(hit[0])!} lang={p.lang} focusable={p.focusable}>
        {hit[0]}
      </Term>,
    );
    at = i + hit[0].length;
  }
  if (at < p.text.length) out.push(p.text.slice(at));
  return <>{out}</>;
}

/** Term is a word with its explanation: shown while a mouse rests on it, kept open by a tap, a click, Enter or Space; Escape or a tap elsewhere closes it. */
export function Term(p: { term: GlossTerm; lang: Lang; children: ComponentChildren; focusable?: boolean }) {
  const { term, lang } = p;
  const [hover, setHover] = useState(false);
  const [pinned, setPinned] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const tip = useId();
  useEffect(() => {
    if (!pinned) return;
    const away = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setPinned(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [pinned]);
  const open = hover || pinned;
  const tipRef = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (open && tipRef.current) keepInside(tipRef.current);
  }, [open]);
  return (
    <span
      class="gloss"
      ref={ref}
      data-term={term.id}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHover(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHover(false)}
    >
      <span
        class="gloss-word"
        role="button"
        tabIndex={p.focusable === false ? -1 : 0}
        aria-expanded={open}
        aria-describedby={open ? tip : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setPinned(!pinned);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            setPinned(!pinned);
          } else if (e.key === "Escape") {
            setPinned(false);
            setHover(false);
          }
        }}
      >
        {p.children}
      </span>
      {open && (
        // Shown by a resting mouse only, the tip lets clicks through to
        // what lies under it (a card of the hand); pinned, its link works.
        <span class={"gloss-tip" + (pinned ? "" : " passive")} role="tooltip" id={tip} data-testid="gloss-tip" ref={tipRef}>
          {say(lang, term)}{" "}
          <a href={`/rules/${term.game}#${term.section}`} target="_blank" rel="noopener" data-testid="gloss-link">
            {t(lang, "glossRules")}
          </a>
        </span>
      )}
    </span>
  );
}

/** margin is the room kept between a tip and the edge that would cut it, in pixels. */
const margin = 4;

/**
 * visibleBox is the part of the window that el's ancestors let show: the
 * window, cut by every ancestor whose overflow is not visible (a side
 * panel that scrolls, a box that hides what sticks out). The window's
 * width is the page's own (clientWidth): on a phone innerWidth grows with
 * whatever sticks out, the open tip itself among it.
 */
function visibleBox(el: Element | null) {
  let left = 0;
  let top = 0;
  let right = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
  let bottom = window.innerHeight;
  for (let a = el; a && a !== document.body; a = a.parentElement) {
    const st = getComputedStyle(a);
    if (st.overflowX === "visible" && st.overflowY === "visible") continue;
    const r = a.getBoundingClientRect();
    left = Math.max(left, r.left);
    top = Math.max(top, r.top);
    right = Math.min(right, r.right);
    bottom = Math.min(bottom, r.bottom);
  }
  return { left, top, right, bottom };
}

/**
 * keepInside moves an open tip so that nothing cuts it: to the left when it
 * would stick out on the right, above its word when there is no room under
 * it and more above.
 */
export function keepInside(tip: HTMLElement) {
  tip.style.left = "";
  tip.style.top = "";
  tip.style.bottom = "";
  tip.style.marginBottom = "";
  tip.style.maxWidth = "";
  const box = visibleBox(tip.parentElement);
  const width = box.right - box.left - 2 * margin;
  let r = tip.getBoundingClientRect();
  if (r.width > width && width > 0) {
    tip.style.maxWidth = width + "px";
    r = tip.getBoundingClientRect();
  }
  let dx = 0;
  if (r.right > box.right - margin) dx = box.right - margin - r.right;
  if (r.left + dx < box.left + margin) dx = box.left + margin - r.left;
  if (dx) tip.style.left = dx + "px";
  const word = tip.parentElement?.getBoundingClientRect();
  if (word && r.bottom > box.bottom - margin && word.top - box.top > box.bottom - word.bottom) {
    tip.style.top = "auto";
    tip.style.bottom = "100%";
    tip.style.marginBottom = "0.25rem";
  }
}
