// The table part of a state message and what the table keeps beside the view.

import type { Action } from "./api";
import type { Why } from "./analysis";

export type { Payment, Row, Settlement, TableState } from "./contract.gen";

export interface ChatMsg {
  seat: number;
  name: string;
  text: string;
}

export type Tab = "log" | "sheet" | "chat";

export interface Hint {
  action: Action;
  value?: number | null;
  /** Why the hint is worse than the best (the best: better than the second), its text in both languages (docs/PROTOCOL.md). */
  why?: Why | null;
  /** The other candidates the bot weighed, best first. */
  alts?: Hint[];
}

/** hintText is a candidate with its estimated score, e.g. "XXI (+4.2)", in German with a decimal comma ("+4,2"). */
export function hintText(h: Hint, label: (a: Action) => string, lang: "en" | "de" = "en"): string {
  if (h.value == null) return label(h.action);
  const v = Math.round(h.value * 10) / 10;
  const n = Math.abs(v).toFixed(1).replace(/\.0$/, "");
  return `${label(h.action)} (${v > 0 ? "+" : v < 0 ? "−" : ""}${lang === "de" ? n.replace(".", ",") : n})`;
}

export function sameAction(a: Action, b: Action): boolean {
  return (
    a.act === b.act &&
    (a.call ?? "") === (b.call ?? "") &&
    (a.card ?? "") === (b.card ?? "") &&
    (a.say ?? "") === (b.say ?? "") &&
    JSON.stringify(a.cards ?? []) === JSON.stringify(b.cards ?? [])
  );
}
