// A finished hand's result and the end of the sitting.

import { keepRecordForReplay } from "./engine";
import { localRecord, OFFLINE_ID } from "./local";
import * as api from "./api";
import { useState } from "preact/hooks";
import { contractName, declarerWord, errorText, itemName, sideName, t, type Lang } from "./i18n";
import type { GameName } from "./cards";
import type { Model, Result } from "./model";
import { linkClick, navigate } from "./router";
import { fmtPoints, signed } from "./names";
import type { TableState } from "./tablestate";
import { Glossed } from "./glossary";

/**
 * ResTable is the table of a hand's card points and scores by seat: a
 * column a seat up to four seats, a row a seat beyond (so that eight seats
 * fit a phone), scrolled sideways if it is still wider than the page.
 */
export function ResTable(p: { names: string[]; cardPoints: number[]; score: number[]; fm: { game: GameName; variant: string }; lang: Lang }) {
  const { names, lang } = p;
  const scoreCell = (v: number) => <td class={v > 0 ? "pos" : v < 0 ? "neg" : ""}>{signed(v)}</td>;
  if (names.length > 4) {
    return (
      <div class="res-wrap">
        <table class="res" data-testid="result-by-row">
          <thead>
            <tr>
              <th />
              {p.cardPoints.length > 0 && <th>{t(lang, "cardPoints")}</th>}
              <th>{t(lang, "score")}</th>
            </tr>
          </thead>
          <tbody>
            {names.map((n, i) => (
              <tr>
                <td>{n}</td>
                {p.cardPoints.length > 0 && <td>{fmtPoints(p.cardPoints[i], p.fm)}</td>}
                {scoreCell(p.score[i])}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div class="res-wrap">
      <table class="res">
        <thead>
          <tr>
            <th />
            {names.map((n) => (
              <th>{n}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.cardPoints.length > 0 && (
            <tr>
              <td>{t(lang, "cardPoints")}</td>
              {p.cardPoints.map((v) => (
                <td>{fmtPoints(v, p.fm)}</td>
              ))}
            </tr>
          )}
          <tr>
            <td>{t(lang, "score")}</td>
            {p.score.map(scoreCell)}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** SidePoints is the card points of one side of a hand: its name, its seats, its points. */
export interface SidePoints {
  label: string;
  seats: number[];
  points: number;
}

/**
 * resultSides returns the card points of the two sides of a hand, the
 * declarer's and the defenders' (a sitting-out dealer in neither), or null
 * where every seat counts for itself (Strohmandeln, Misère, a thrown-in
 * deal): the engines give each seat its side's points.
 */
export function resultSides(
  r: { contract: string; declarer?: number | null; partner?: number | null; card_points?: number[] | null },
  game: GameName,
  names: string[],
  sitsOut: number,
  lang: Lang,
): SidePoints[] | null {
  const cp = r.card_points ?? [];
  const d = r.declarer ?? -1;
  if (game === "strohmandeln" || r.contract === "misere" || d < 0 || cp.length !== names.length) return null;
  const team = [d];
  if (r.partner != null && r.partner >= 0 && r.partner !== d) team.push(r.partner);
  const others = names.map((_, i) => i).filter((i) => !team.includes(i) && i !== sitsOut);
  const out: SidePoints[] = [{ label: declarerWord(game, r.contract, lang), seats: team, points: cp[d] }];
  if (others.length) out.push({ label: t(lang, "defenders"), seats: others, points: cp[others[0]] });
  return out;
}

/** SideLine shows each side's card points once, with its seats ("Spieler (Ann) 45 · Gegenspieler (Bob, Cy) 29"). */
export function SideLine(p: { sides: SidePoints[]; names: string[]; sitsOut: number; fm: { game: GameName; variant: string }; lang: Lang }) {
  const { lang } = p;
  return (
    <p class="side-points" data-testid="side-points">
      <span>{t(lang, "cardPoints")}:</span>
      {p.sides.map((sd) => (
        <span class="sp" data-seats={sd.seats.join(",")}>
          <strong>{sd.label}</strong> ({sd.seats.map((s) => p.names[s]).join(", ")}) {fmtPoints(sd.points, p.fm)}
        </span>
      ))}
      {p.sitsOut >= 0 && p.sitsOut < p.names.length && <span class="muted">{t(lang, "sitsOutNoPoints", p.names[p.sitsOut])}</span>}
    </p>
  );
}

/**
 * DROGGN_VALUES are the base values of the Droggn contracts whose game
 * counts the card points (game.Traits.GameValues; web/formula_test.go
 * holds the two to each other).
 */
const DROGGN_VALUES: Record<string, number> = { ansager: 20, solo: 40, super: 80 };

/**
 * gameFormula works out a Droggn game item from its parts: the contract's
 * value, the declarer's card points over or short of the half, the
 * doublings. It returns null where the item is not that sum (a match, Super
 * Mord, the other games), so that it never shows a sum the score did not use.
 */
export function gameFormula(m: Pick<Model, "game" | "variant" | "doublings">, r: Result, lang: Lang): string | null {
  const v = DROGGN_VALUES[r.contract];
  const item = r.items.find((it) => it.item === "game");
  if (m.game !== "droggn" || v === undefined || !item || r.declarer < 0) return null;
  const p = r.card_points[r.declarer];
  const half = /pack=78/.test(m.variant) ? 39 : 37;
  const mult = 2 ** (m.doublings ?? 0);
  const total = (p >= half ? v + (p - half) : -(v + (half - p))) * mult;
  if (total !== item.points) return null;
  const over = p >= half;
  const diff = Math.abs(p - half);
  const key = diff === 0 ? "formulaExact" : over ? (diff === 1 ? "formulaOver1" : "formulaOver") : diff === 1 ? "formulaShort1" : "formulaShort";
  const inner = t(lang, key, contractName("droggn", r.contract, lang), v, diff, half);
  const times = mult > 1 ? ` × ${mult}` : "";
  const sum = mult > 1 ? `(${inner})${times}` : inner;
  return t(lang, mult > 1 ? "formulaDoubled" : "formulaGame", over ? sum : `-${mult > 1 ? sum : `(${sum})`}`, signed(item.points));
}

/**
 * settleLine says how a Droggn result's items become the scores: each
 * item is paid between the declarer and each defender, so the declarer's
 * score is their sum (the declarer's side counted plus, the defenders'
 * minus) times the defenders. null when the scores are not that sum.
 */
export function settleLine(m: Pick<Model, "game" | "sits_out">, r: Result, lang: Lang): string | null {
  const d = r.declarer;
  if (m.game !== "droggn" || d === undefined || d === null || d < 0 || !r.items.length) return null;
  let net = 0;
  for (const it of r.items) {
    if (it.side === "declarer") net += it.points;
    else if (it.side === "defenders") net -= it.points;
    else return null;
  }
  const k = r.score.filter((_, i) => i !== d && i !== m.sits_out).length;
  if (net === 0 || net * k !== r.score[d]) return null;
  const who = declarerWord(m.game, r.contract, lang);
  return net > 0
    ? t(lang, "settleWins", net, who, k, signed(net * k))
    : t(lang, "settleLoses", -net, who, k, signed(net * k));
}

/** ResultNote shows a line worked out under a result's items, if any. */
function ResultNote(p: { text: string | null; testid: string }) {
  return p.text ? (
    <p class="muted small" data-testid={p.testid}>
      {p.text}
    </p>
  ) : null;
}

/** ResultBox shows a finished hand's result with its items. */
export function ResultBox(p: {
  m: Model;
  hand: number;
  names: string[];
  lang: Lang;
  tableId?: string;
  onNext?: () => void;
  onClose?: () => void;
}) {
  const { m, lang, names } = p;
  const r = m.result as Result;
  if (!r) return null;
  const sides = resultSides(r, m.game, names, m.sits_out, lang);
  return (
    <section class="result box" data-testid="result">
      <h3>
        {t(lang, "newerHand", p.hand + 1)}: <Glossed text={contractName(m.game, r.contract, lang)} game={m.game} lang={lang} />
        {r.declarer !== undefined && r.declarer >= 0 ? ` — ${names[r.declarer]}` : m.declarer >= 0 ? ` — ${names[m.declarer]}` : ""}
      </h3>
      {sides && <SideLine sides={sides} names={names} sitsOut={m.sits_out} fm={m} lang={lang} />}
      <ResTable names={names} cardPoints={sides ? [] : r.card_points} score={r.score} fm={m} lang={lang} />
      {r.items.length > 0 && (
        <ul class="items">
          {r.items.map((it) => (
            <li>
              <Glossed text={itemName(it.item, m.game, lang)} game={m.game} lang={lang} />
              {it.side ? ` (${sideName(it.side, m.game, lang, r.contract)})` : it.seats?.length ? ` (${it.seats.map((s) => names[s]).join(", ")})` : ""}
              {itemValue(it.points)}
            </li>
          ))}
        </ul>
      )}
      <ResultNote text={gameFormula(m, r, lang)} testid="game-formula" />
      <ResultNote text={settleLine(m, r, lang)} testid="settle-line" />
      <p>
        {p.onNext && (
          <button type="button" class="btn primary" data-testid="next" onClick={p.onNext}>
            {t(lang, "nextHand")}
          </button>
        )}
        {p.tableId === OFFLINE_ID && (
          <button
            type="button"
            class="btn"
            data-testid="replay-local"
            onClick={async () => {
              keepRecordForReplay(await localRecord(p.hand));
              navigate("/replay");
            }}
          >
            {t(lang, "replay")}
          </button>
        )}
        {p.tableId && p.tableId !== OFFLINE_ID && (
          <a class="btn" href={`/t/${p.tableId}/replay/${p.hand}`} onClick={(e) => linkClick(e, `/t/${p.tableId}/replay/${p.hand}`)}>
            {t(lang, "replay")}
          </a>
        )}
        {p.tableId && p.tableId !== OFFLINE_ID && (
          <a
            class="btn"
            data-testid="analyse-hand"
            href={`/t/${p.tableId}/replay/${p.hand}?analyse=1`}
            onClick={(e) => linkClick(e, `/t/${p.tableId}/replay/${p.hand}?analyse=1`)}
          >
            {t(lang, "analyse")}
          </a>
        )}
        {p.tableId && <ExportButton tableId={p.tableId} hand={p.hand} lang={lang} />}
        {p.onClose && (
          <button type="button" class="btn" onClick={p.onClose}>
            {t(lang, "dismiss")}
          </button>
        )}
      </p>
    </section>
  );
}

/** ExportButton downloads the record of a finished hand. */
/** downloadJSON saves a JSON text (a hand record) as a file named name. */
export function downloadJSON(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportButton(p: { tableId: string; hand: number; lang: Lang }) {
  const [err, setErr] = useState("");
  const go = async () => {
    try {
      const text = p.tableId === OFFLINE_ID ? await localRecord(p.hand) : await api.handRecord(p.tableId, p.hand);
      downloadJSON(text, `trull-${p.tableId}-hand${p.hand + 1}.json`);
    } catch (e) {
      setErr(errorText(e, p.lang));
    }
  };
  return (
    <>
      <button type="button" class="btn" onClick={go} title={err || undefined} data-testid="export">
        ⤓ {t(p.lang, "export")}
      </button>
      {err && <span class="error"> {err}</span>}
    </>
  );
}

/** payLine words one payment, in the second person where the reader pays or is paid. */
/**
 * itemValue is what follows an item of the result: its points, or nothing
 * for an item worth none (a tie, whose name says that nobody pays).
 */
export function itemValue(points: number): string {
  return points === 0 ? "" : `: ${signed(points)}`;
}

export function payLine(lang: Lang, names: string[], you: number, x: { from: number; to: number; amount: number }): string {
  if (x.to === you) return t(lang, "paysYou", names[x.from], x.amount);
  if (x.from === you) return t(lang, "youPay", names[x.to], x.amount);
  return t(lang, "pays", names[x.from], names[x.to], x.amount);
}

export function SettlementBox(p: { tbl: TableState; names: string[]; you: number; lang: Lang }) {
  const { tbl, names, lang } = p;
  const s = tbl.settlement;
  return (
    <section class="settle box" data-testid="settlement">
      <h3>
        {t(lang, "sittingOver")} — {t(lang, "settlement")}
      </h3>
      {s && s.payments.length ? (
        <ul>
          {s.payments.map((x) => (
            <li>{payLine(lang, names, p.you, x)}</li>
          ))}
        </ul>
      ) : (
        <p>{t(lang, "noPayments")}</p>
      )}
      {s?.net && (
        <p class="muted">
          {s.net.map((v, i) => `${names[i]} ${signed(v)}`).join(" · ")}
        </p>
      )}
    </section>
  );
}
