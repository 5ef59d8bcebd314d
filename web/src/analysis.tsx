// The analysis of a finished hand (docs/ANALYSIS.md) in the replay viewer:
// computed on the server, streamed with its progress, drawn as each seat's
// expected score through the hand, with the inaccuracies, mistakes and
// blunders marked and the better choice at every step.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Action } from "./api";
import { tr, type Lang } from "./i18n";

/** A candidate action and the deciding seat's expected score after it. */
interface Candidate {
  action: Action;
  value: number;
}

/** One analysed decision (trull-analysis/1). */
export interface Decision {
  step: number;
  action: number;
  seat: number;
  phase: string;
  taken: Action;
  best?: Action;
  candidates?: Candidate[];
  loss: number;
  class: "forced" | "good" | "inaccuracy" | "mistake" | "blunder" | "unvalued";
  open_card?: { action: Action; value: number; exact: boolean }[];
}

/** The analysis of a hand (trull-analysis/1). */
export interface Report {
  format: string;
  title: string;
  bot: string;
  thresholds: { inaccuracy: number; mistake: number; blunder: number };
  decisions: Decision[];
  seats: { seat: number; name: string; decisions: number; valued: number; loss: number; good_share: number; worst: number[] }[];
}

const CLASS_NAMES: Record<string, [string, string]> = {
  good: ["good", "gut"],
  inaccuracy: ["inaccuracy", "Ungenauigkeit"],
  mistake: ["mistake", "Fehler"],
  blunder: ["blunder", "grober Fehler"],
  forced: ["forced", "erzwungen"],
  unvalued: ["not valued", "nicht bewertet"],
};

const SEAT_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"];

/** actionText writes a record action compactly. */
export function actionText(a: Action | undefined): string {
  if (!a) return "";
  const what = a.card ?? (a.cards?.length ? a.cards.join(" ") : a.call ?? "");
  return [a.act, what, a.say ?? ""].filter(Boolean).join(" ");
}

/** takenValue is the deciding seat's expected score after the action taken. */
function takenValue(d: Decision): number | null {
  if (!d.candidates?.length || d.class === "unvalued") return null;
  return d.candidates[0].value - d.loss;
}

/**
 * AnalysisPanel asks the server for the analysis of hand n of a table and
 * shows it beside the replay: at is the replay's step (0 is the deal, k is
 * after the k-th action), jump moves the replay to a step; a decision is
 * shown at the step its action leads to.
 */
export function AnalysisPanel(p: { tableId: string; hand: number; names: string[]; lang: Lang; at: number; jump: (i: number) => void }) {
  const { lang } = p;
  const [report, setReport] = useState<Report | null>(null);
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const [err, setErr] = useState("");
  const src = useRef<EventSource | null>(null);
  useEffect(() => {
    // Opened from a hand's result with "Analyse": start at once.
    if (new URLSearchParams(location.search).get("analyse") === "1") start("");
    return () => src.current?.close();
  }, []);
  const start = (level: "" | "fast") => {
    src.current?.close();
    setErr("");
    setReport(null);
    setProgress([0, 0]);
    const q = level ? "&level=fast" : "";
    const es = new EventSource(`/api/tables/${encodeURIComponent(p.tableId)}/hands/${p.hand}/analysis?stream=1${q}`);
    src.current = es;
    es.addEventListener("progress", (e) => {
      const d = JSON.parse((e as MessageEvent).data) as { done: number; total: number };
      setProgress([d.done, d.total]);
    });
    es.addEventListener("report", (e) => {
      setReport(JSON.parse((e as MessageEvent).data) as Report);
      setProgress(null);
      es.close();
    });
    es.addEventListener("error", (e) => {
      const data = (e as MessageEvent).data;
      setErr(data ? String((JSON.parse(data) as { error: string }).error) : tr(lang, "The analysis could not be loaded.", "Die Analyse konnte nicht geladen werden."));
      setProgress(null);
      es.close();
    });
  };
  if (!report) {
    return (
      <div class="analysis" data-testid="analysis">
        <button type="button" class="btn primary" onClick={() => start("")} disabled={!!progress} data-testid="analyse">
          {tr(lang, "Analyse", "Analysieren")}
        </button>{" "}
        <button type="button" class="btn" onClick={() => start("fast")} disabled={!!progress}>
          {tr(lang, "Quick look", "Schneller Blick")}
        </button>
        {progress && (
          <p class="muted" data-testid="analysis-progress">
            {tr(lang, "Valuing the decisions", "Die Entscheidungen werden bewertet")}: {progress[0]}/{progress[1] || "…"}
          </p>
        )}
        {err && <p class="error">{err}</p>}
      </div>
    );
  }
  const here = report.decisions.filter((d) => d.action === p.at - 1);
  const marked = report.decisions.filter((d) => d.class === "inaccuracy" || d.class === "mistake" || d.class === "blunder");
  return (
    <div class="analysis" data-testid="analysis">
      <h4>
        {tr(lang, "Analysis", "Analyse")} <span class="muted">({report.bot})</span>
      </h4>
      <Graph report={report} names={p.names} at={p.at} jump={p.jump} lang={lang} />
      <table class="res">
        <thead>
          <tr>
            <th />
            <th>{tr(lang, "expected loss", "erwarteter Verlust")}</th>
            <th>{tr(lang, "good decisions", "gute Entscheidungen")}</th>
          </tr>
        </thead>
        <tbody>
          {report.seats.map((s) => (
            <tr>
              <td>{p.names[s.seat] ?? s.name}</td>
              <td>{s.loss.toFixed(2)}</td>
              <td>{Math.round(100 * s.good_share)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      {here.map((d) => (
        <p class={"verdict " + d.class} data-testid="verdict">
          {p.names[d.seat]}: {actionText(d.taken)}
          {takenValue(d) !== null ? ` (${takenValue(d)!.toFixed(2)})` : ""} — {tr(lang, ...CLASS_NAMES[d.class])}
          {d.best && d.class !== "good" && d.class !== "forced" && d.candidates?.length
            ? ` · ${tr(lang, "best", "am besten")}: ${actionText(d.best)} (${d.candidates[0].value.toFixed(2)})`
            : ""}
          {d.open_card?.length ? ` · ${tr(lang, "all hands seen", "alle Karten offen")}: ${actionText(d.open_card[0].action)} (${d.open_card[0].value})` : ""}
        </p>
      ))}
      <ul class="marks" data-testid="marks">
        {marked.map((d) => (
          <li class={d.class}>
            <a
              href="#"
              onClick={(e) => {
                e.preventDefault();
                p.jump(d.action + 1);
              }}
            >
              {tr(lang, "step", "Zug")} {d.action + 1}
            </a>{" "}
            {p.names[d.seat]}: {actionText(d.taken)} — {tr(lang, ...CLASS_NAMES[d.class])} (−{d.loss.toFixed(2)}; {tr(lang, "best", "am besten")} {actionText(d.best)})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Graph draws each seat's expected score after its decisions through the hand. */
function Graph(p: { report: Report; names: string[]; at: number; jump: (i: number) => void; lang: Lang }) {
  const W = 640,
    H = 180,
    L = 40,
    R = 10,
    T = 10,
    B = 22;
  const pts = p.report.decisions.map((d) => ({ d, v: takenValue(d) })).filter((x) => x.v !== null) as { d: Decision; v: number }[];
  if (!pts.length) return <p class="muted">{tr(p.lang, "No decision was valued.", "Keine Entscheidung wurde bewertet.")}</p>;
  const maxX = Math.max(...p.report.decisions.map((d) => d.action)) + 1;
  let lo = Math.min(...pts.map((x) => x.v), 0),
    hi = Math.max(...pts.map((x) => x.v), 0);
  if (hi - lo < 1e-9) hi = lo + 1;
  const x = (a: number) => L + ((W - L - R) * a) / Math.max(maxX, 1);
  const y = (v: number) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  const seats = [...new Set(pts.map((q) => q.d.seat))].sort((a, b) => a - b);
  return (
    <svg class="graph" width="100%" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={tr(p.lang, "expected score through the hand", "erwartete Wertung im Lauf des Spiels")} data-testid="graph">
      <line x1={L} x2={W - R} y1={y(0)} y2={y(0)} stroke="#999" stroke-dasharray="3 3" />
      <text x={4} y={y(hi) + 4} font-size="10">
        {hi.toFixed(1)}
      </text>
      <text x={4} y={y(lo)} font-size="10">
        {lo.toFixed(1)}
      </text>
      <line x1={x(p.at)} x2={x(p.at)} y1={T} y2={H - B} stroke="#444" />
      {seats.map((s) => {
        const mine = pts.filter((q) => q.d.seat === s);
        const c = SEAT_COLOURS[s % SEAT_COLOURS.length];
        return (
          <g>
            <polyline fill="none" stroke={c} stroke-width="1.5" points={mine.map((q) => `${x(q.d.action + 1)},${y(q.v)}`).join(" ")} />
            {mine.map((q) => (
              <circle
                class={"pt " + q.d.class}
                cx={x(q.d.action + 1)}
                cy={y(q.v)}
                r={q.d.class === "blunder" ? 5 : q.d.class === "mistake" ? 4 : q.d.class === "inaccuracy" ? 3.5 : 2.5}
                fill={q.d.class === "blunder" ? "#c00" : q.d.class === "mistake" ? "#e67e00" : q.d.class === "inaccuracy" ? "#e6c200" : c}
                onClick={() => p.jump(q.d.action + 1)}
              >
                <title>
                  {p.names[s]}: {actionText(q.d.taken)} {q.v.toFixed(2)}
                </title>
              </circle>
            ))}
          </g>
        );
      })}
      {seats.map((s, k) => (
        <text x={L + 8 + 110 * k} y={H - 6} font-size="11" fill={SEAT_COLOURS[s % SEAT_COLOURS.length]}>
          {p.names[s]}
        </text>
      ))}
    </svg>
  );
}
