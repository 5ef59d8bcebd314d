// Card identifiers (docs/RULES.md §0.2), names in both languages and each
// game's words, ordering for the player's hand.


/** The three games. */
export type GameName = "droggn" | "troggu" | "strohmandeln";

/** A parsed card identifier. */
export type Parsed =
  | { kind: "fool" }
  | { kind: "trump"; n: number }
  | { kind: "suit"; suit: string; rank: string; pip: number; strength: number }
  | { kind: "bad" };

/** Suits whose pips rank ten high (the "long" suits). */
const LONG = new Set(["S", "C", "Sw", "Ba"]);

const COURT_STRENGTH: Record<string, number> = { J: 10, N: 11, Q: 12, K: 13 };

/** parse reads a card ID such as "FOOL", "T21", "H-K" or "Cu-1". */
export function parse(id: string): Parsed {
  if (id === "FOOL") return { kind: "fool" };
  const t = /^T([1-9]|1[0-9]|2[01])$/.exec(id);
  if (t) return { kind: "trump", n: Number(t[1]) };
  const s = /^(S|C|H|D|Cu|Co|Sw|Ba)-(K|Q|N|J|10|[1-9])$/.exec(id);
  if (!s) return { kind: "bad" };
  const [, suit, rank] = s;
  if (rank in COURT_STRENGTH) {
    return { kind: "suit", suit, rank, pip: 0, strength: COURT_STRENGTH[rank] };
  }
  const pip = Number(rank);
  return { kind: "suit", suit, rank, pip, strength: LONG.has(suit) ? pip - 1 : 10 - pip };
}

/** isRed reports whether a suit is drawn in red (French hearts and diamonds). */
export function isRed(suit: string): boolean {
  return suit === "H" || suit === "D";
}

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
  "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

/** roman returns the Roman numeral of 1 … 21. */
export function roman(n: number): string {
  return ROMAN[n] ?? String(n);
}

/** Suit display order in a hand: colours alternate. */
const SUIT_ORDER: Record<string, number> = { S: 0, H: 1, C: 2, D: 3, Sw: 0, Cu: 1, Ba: 2, Co: 3 };

/** sortKey orders a hand: the Fool, the trumps high to low, then suits. */
export function sortKey(id: string): number {
  const p = parse(id);
  switch (p.kind) {
    case "fool":
      return 0;
    case "trump":
      return 22 - p.n;
    case "suit":
      return 100 + SUIT_ORDER[p.suit] * 20 + (13 - p.strength);
  }
  return 999;
}

/** sortHand returns the cards in hand order. */
export function sortHand(ids: string[]): string[] {
  return [...ids].sort((a, b) => sortKey(a) - sortKey(b));
}

/** The Fool's name in each game. */
export const FOOL_NAME: Record<GameName, string> = {
  droggn: "Gstieß",
  troggu: "Bättler",
  strohmandeln: "Sküs",
};

/** points returns a card's nominal value (docs/RULES.md §0.4 "raw"). */
export function points(id: string, game: GameName, variant = ""): number {
  const p = parse(id);
  switch (p.kind) {
    case "fool":
      return 5;
    case "trump":
      return p.n === 1 || p.n === 21 ? 5 : 1;
    case "suit":
      if (p.pip === 0) return { K: 5, Q: 4, N: 3, J: 2 }[p.rank] ?? 0;
      if (game === "strohmandeln" && variant.includes("pack=40")) return 0;
      return 1;
  }
  return 0;
}

/** packOf lists the cards of a game's pack in canonical order. */
export function packOf(game: GameName, variant: string): string[] {
  const out = ["FOOL"];
  const trumps = (lo: number) => {
    for (let n = lo; n <= 21; n++) out.push("T" + n);
  };
  const courts = ["J", "N", "Q", "K"];
  const suit = (s: string, pips: number[]) => {
    for (const n of pips) out.push(`${s}-${n}`);
    for (const c of courts) out.push(`${s}-${c}`);
  };
  const range = (a: number, b: number) => {
    const r: number[] = [];
    for (let i = a; a <= b ? i <= b : i >= b; i += a <= b ? 1 : -1) r.push(i);
    return r;
  };
  if (game === "troggu") {
    trumps(1);
    suit("Sw", range(5, 10));
    suit("Ba", range(5, 10));
    suit("Cu", range(6, 1));
    suit("Co", range(6, 1));
    return out;
  }
  if (game === "strohmandeln") {
    if (variant.includes("pack=40")) {
      out.push("T1");
      for (let n = 4; n <= 21; n++) out.push("T" + n);
      suit("S", [10]);
      suit("C", [10]);
      suit("H", [1]);
      suit("D", [1]);
      return out;
    }
    trumps(1);
    suit("S", range(7, 10));
    suit("C", range(7, 10));
    suit("H", range(4, 1));
    suit("D", range(4, 1));
    return out;
  }
  trumps(1);
  if (variant.includes("pack=78")) {
    suit("S", range(1, 10));
    suit("C", range(1, 10));
    suit("H", range(10, 1));
    suit("D", range(10, 1));
  } else {
    suit("S", range(4, 10));
    suit("C", range(4, 10));
    suit("H", range(7, 1));
    suit("D", range(7, 1));
  }
  return out;
}
