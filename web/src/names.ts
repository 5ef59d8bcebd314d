// How seats, variants and points are written for people.

import type { SeatInfo } from "./api";
import type { GameName } from "./cards";
import { t, type Lang } from "./i18n";

/**
 * seatNames gives every seat a distinct display name: a bot's seat is
 * "Bot 2" (as the server names it in records), a person's seat keeps the
 * person's name while a bot plays for them.
 */
export function seatNames(seats: SeatInfo[], lang: Lang): string[] {
  const out = seats.map((s, i) => (s.bot ? botSeatName(i) : s.name || t(lang, "seatN", i + 1)));
  return out.map((n, i) => (out.indexOf(n) !== i || out.lastIndexOf(n) !== i ? `${n} (${i + 1})` : n));
}

/** botSeatName is the one name of the bot in seat i, everywhere. */
export function botSeatName(i: number): string {
  return `Bot ${i + 1}`;
}

/** variantText shows a variant's non-default options ("" for the standard rules). */
export function variantText(v: string): string {
  const m = /^[a-z]+\((.*)\)$/.exec(v);
  return m ? m[1].replace(/,/g, ", ") : v;
}

/** fmtPoints shows card points; 54-card Strohmandeln counts in thirds. */
export function fmtPoints(v: number, m: { game: GameName; variant: string }): string {
  if (m.game !== "strohmandeln" || m.variant.includes("pack=40")) return String(v);
  const whole = Math.floor(v / 3);
  const rest = v - whole * 3;
  return rest === 0 ? String(whole) : `${whole}${rest === 1 ? "⅓" : "⅔"}`;
}

/** signed formats a score with its sign. */
export function signed(v: number): string {
  return v > 0 ? "+" + v : String(v);
}
