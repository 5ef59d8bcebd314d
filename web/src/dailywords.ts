// The daily page's words for numbers: scores with their sign, a deal
// against the bot and the others, a finished attempt's place, and who
// else decided in the same positions.

import type { BoardDeal } from "./api";
import { singularOne, t, type Lang } from "./i18n";

/** signed shows a score with its sign (+12, −3, 0), "…" while unknown. */
export const signed = (n: number | null | undefined) => (n == null ? "…" : n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** dealText says a deal of a row: the person's score, the bot's, the duplicate score, and how many of the others did better. */
export function dealText(d: BoardDeal, lang: Lang): string {
  const others = d.others ?? 0;
  if (others === 0) return t(lang, "dailyDealAlone", signed(d.score), signed(d.bot), signed(d.duplicate));
  return singularOne(lang, t(lang, "dailyDealCell", signed(d.score), signed(d.bot), signed(d.duplicate), d.better, others));
}

/** doneText says a finished attempt's total and its place among the players of the day ("place 1 of 3"). */
export function doneText(total: number, rank: number, of: number, lang: Lang): string {
  return t(lang, "dailyDone", signed(total), rank, Math.max(of, rank));
}

/** choicesTitle heads how the others decided, players counting the person too. */
export function choicesTitle(players: number, lang: Lang): string {
  const others = players - 1;
  if (others <= 0) return t(lang, "dailyChoicesTitle");
  return singularOne(lang, t(lang, "dailyChoices", others));
}
