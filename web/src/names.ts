// How seats, variants and points are written for people.

import type { OptionSpec, SeatInfo, Words } from "./api";
import type { GameName } from "./cards";
import { say, saySplit, t, TITLE, type Lang } from "./i18n";

/**
 * seatNames gives every seat a distinct display name: a bot's seat is
 * "Bot 2" (as the server names it in records), a person's seat keeps the
 * person's name while a bot plays for them.
 */
export function seatNames(seats: SeatInfo[], lang: Lang): string[] {
  const out = seats.map((s, i) => (s.bot ? botSeatName(i) : s.name || t(lang, "seatN", i + 1)));
  return distinct(out);
}

/**
 * recordNames gives a hand record's players their display names: a seat
 * nobody named is "Seat N" in the record (the server's name for it) and
 * "Platz N" on a German page; equal names are told apart by seat number.
 */
export function recordNames(ns: string[], lang: Lang): string[] {
  const out = ns.map((n, i) => (!n || n === `Seat ${i + 1}` ? t(lang, "seatN", i + 1) : n));
  return distinct(out);
}

/** distinct tells equal names apart by seat number ("Anna (1)", "Anna (2)"). */
function distinct(ns: string[]): string[] {
  return ns.map((n, i) => (ns.indexOf(n) !== i || ns.lastIndexOf(n) !== i ? `${n} (${i + 1})` : n));
}

/** botSeatName is the one name of the bot in seat i, everywhere. */
export function botSeatName(i: number): string {
  return `Bot ${i + 1}`;
}

/**
 * variantTitle names a variant for people ("Droggn, 4 players, Pack: 78
 * cards") from the server's words, or the game's title when it sent none.
 */
export function variantTitle(v: { game: GameName; variant_title?: Words }, lang: Lang): string {
  return say(lang, v.variant_title) || TITLE[v.game] || v.game;
}

/** tableTitle is a table's name followed by its variant, or the variant alone. */
export function tableTitle(v: { game: GameName; name?: string; variant_title?: Words }, lang: Lang): [string, string] {
  const vt = variantTitle(v, lang);
  // A table without a name of its own is named after its game: say that once.
  return v.name && !vt.startsWith(v.name) ? [v.name, vt] : [vt, ""];
}

/** fmtPoints shows card points; 54-card Strohmandeln counts in thirds ("⅔", "1⅓", never "0⅔"). */
export function fmtPoints(v: number, m: { game: GameName; variant: string }): string {
  if (m.game !== "strohmandeln" || m.variant.includes("pack=40")) return String(v);
  const whole = Math.floor(v / 3);
  const rest = v - whole * 3;
  if (rest === 0) return String(whole);
  return `${whole === 0 ? "" : whole}${rest === 1 ? "⅓" : "⅔"}`;
}

/** signed formats a score with its sign. */
export function signed(v: number): string {
  return v > 0 ? "+" + v : String(v);
}

/** optionHelp is an option's one-line explanation in lang. */
export function optionHelp(o: OptionSpec, lang: Lang): string {
  return saySplit(lang, o.help, o.help_de) || o.help;
}

/** optionLabel names an option for people. */
export function optionLabel(o: OptionSpec, lang: Lang): string {
  return say(lang, o.label) || o.name;
}

/** valueLabel words one value of an option: an enum's label, a number with its unit, yes or no. */
export function valueLabel(o: OptionSpec, v: unknown, lang: Lang): string {
  if (o.kind === "bool") return v ? t(lang, "yes") : t(lang, "no");
  if (o.kind === "enum") {
    const i = (o.values ?? []).indexOf(String(v));
    return say(lang, o.value_labels?.[i]) || String(v);
  }
  if (v === null || v === undefined) return t(lang, "unlimited");
  const u = say(lang, o.unit);
  return u ? `${v} ${u}` : String(v);
}
