// The table model the UI draws, one shape for every game: the server makes
// it from each seat's view (internal/tablemodel) and sends it as "model"
// beside the game's own view. Its types are generated from the Go types
// (contract.gen.ts, `go generate ./web/...`).

import type { Model, Trick } from "./contract.gen";

export type { Item, LogEntry, Model, Pile, Play, Result, StrohPlayer, Trick } from "./contract.gen";

/** lastTrick returns the most recent completed trick, or null (also when the seat may not look back at it). */
export function lastTrick(m: Model): Trick | null {
  const tk = m.tricks.length ? m.tricks[m.tricks.length - 1] : null;
  return tk && !tk.hidden ? tk : null;
}

/** bidBefore reports whether a contract has been bid (Droggn's "gut" instead of "weiter"). */
export function bidBefore(m: Model): boolean {
  return m.log.some((e) => e.act === "bid" && e.call !== "pass" && e.call !== "weiter" && e.call !== "gut");
}

/**
 * discardCount is how many cards the viewer's discard lays away: the count
 * its legal discard says, else the game's (Droggn three, Troggu the cards
 * taken from the Tapp less those already laid away).
 */
export function discardCount(m: Model, legal: { act: string; count?: number }[]): number {
  const n = legal.find((a) => a.act === "discard" && typeof a.count === "number")?.count;
  if (typeof n === "number") return n;
  if (m.game === "droggn") return 3;
  if (m.game === "troggu") return (m.tapp_taken?.length || m.tapp_size || 0) - (m.discard_count ?? 0);
  return 0;
}
