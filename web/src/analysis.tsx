// The analysis of a finished hand (docs/ANALYSIS.md) in the replay viewer:
// computed on the server, streamed with its progress, drawn as each seat's
// expected score through the hand, with the inaccuracies, mistakes and
// blunders marked and the better choice at every step.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Action, Words } from "./api";
import type { GameName } from "./cards";
import { actionLabel, botLabel, className, decimal, ordinal, phaseName, say, t, type LabelCtx, type Lang } from "./i18n";

/**
 * Why says what differs between an action and the best one (the best:
 * and the second) in a paired sample of worlds; text is its words, in both
 * languages or in the one the report was made in (English on the server).
 */
export interface Why {
  text?: string | Words;
}

/** whyText is a why's words for the page: a German page shows none that exist only in English. */
export function whyText(w: Why | null | undefined, lang: Lang): string {
  return say(lang, w?.text);
}

/** A candidate action and the deciding seat's expected score after it. */
interface Candidate {
  action: Action;
  value: number;
  why?: Why;
}

/** One analysed decision (trull-analysis/1). */
export interface Decision {
  step: number;
  action: number;
  seat: number;
  phase: string;
  /** in the card play, the trick (from 1) and which card of it (from 1); in a discard of several cards, which card of it */
  trick?: number;
  nth?: number;
  taken: Action;
  best?: Action;
  candidates?: Candidate[];
  loss: number;
  class: "forced" | "good" | "inaccuracy" | "mistake" | "blunder" | "unvalued";
  open_card?: { action: Action; value: number; exact: boolean }[];
  /** why the action taken is worse than the best (on a valued decision) */
  why?: Why;
}

/** The analysis of a hand (trull-analysis/1). */
export interface Report {
  format: string;
  title: string;
  bot: string;
  thresholds: { inaccuracy: number; mistake: number; blunder: number };
  decisions: Decision[];
  seats: { seat: number; name: string; decisions: number; valued: number; good?: number; loss: number; good_share: number; worst: number[] }[];
}

const SEAT_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"];

/** Namer names the actions of a decision as the table does (actionLabel), in the hand's context before it. */
export type Namer = (a: Action | undefined, d: Decision) => string;

/** namer names actions with actionLabel; ctx gives the label context before record action i. */
export function namer(game: GameName, lang: Lang, ctx: (i: number, seat: number) => Partial<LabelCtx>): Namer {
  return (a, d) => (a ? actionLabel(a, { game, lang, ...ctx(d.action, d.seat) }) : "");
}

/** place says where in the hand a decision was made: "trick 7, second card", "Stich 7, zweite Karte", or the phase. */
export function place(d: Decision, lang: Lang): string {
  if (d.trick && d.nth) return t(lang, "trickNth", d.trick, ordinal(d.nth, lang));
  const w = phaseName(d.phase, lang);
  return d.nth ? t(lang, "phaseNth", w, ordinal(d.nth, lang)) : w;
}

/** num writes a value with two decimals, a minus sign and, in German, a decimal comma. */
export function num(v: number, lang: Lang, digits = 2): string {
  const s = Math.abs(v).toFixed(digits);
  return (v < 0 && Number(s) !== 0 ? "−" : "") + decimal(lang, s);
}

/** goodText says how many of a seat's valued decisions were good: "14 of 19 valued decisions good (74%)". */
export function goodText(s: Report["seats"][number], lang: Lang): string {
  if (!s.valued) return t(lang, "noneValued");
  const good = s.good ?? Math.round(s.good_share * s.valued);
  const pct = Math.round(100 * s.good_share);
  return t(lang, "goodOfValued", good, s.valued, pct);
}

/** takenValue is the deciding seat's expected score after the action taken. */
function takenValue(d: Decision): number | null {
  if (!d.candidates?.length || d.class === "unvalued") return null;
  return d.candidates[0].value - d.loss;
}

/** AnalysisSource is what the server analyses: hand n of one of its tables, or a record sent to it (a hand played on this device). */
export type AnalysisSource = { tableId: string; hand: number } | { record: string };

/** Events are the server's answers to an analysis: its progress, the report, or why it failed (English). */
interface Events {
  progress: (done: number, total: number) => void;
  report: (r: Report) => void;
  error: (why: string) => void;
}

/** analysisStream asks the server for an analysis as a stream of events; the returned function stops it. */
function analysisStream(src: AnalysisSource, level: "" | "fast", on: Events): () => void {
  const q = "?stream=1" + (level ? "&level=fast" : "");
  let done = false;
  const dispatch = (event: string, data: string) => {
    if (done) return;
    if (event === "progress") {
      const d = JSON.parse(data) as { done: number; total: number };
      on.progress(d.done, d.total);
    } else if (event === "report") {
      done = true;
      on.report(JSON.parse(data) as Report);
    } else if (event === "error") {
      done = true;
      on.error(data ? String((JSON.parse(data) as { error: string }).error) : "");
    }
  };
  if ("tableId" in src) {
    const es = new EventSource(`/api/tables/${encodeURIComponent(src.tableId)}/hands/${src.hand}/analysis${q}`);
    for (const ev of ["progress", "report", "error"]) {
      es.addEventListener(ev, (e) => {
        dispatch(ev, (e as MessageEvent).data ?? "");
        if (ev !== "progress") es.close();
      });
    }
    return () => es.close();
  }
  // A record is sent (POST): the stream is read from the answer's body.
  const abort = new AbortController();
  (async () => {
    const res = await fetch("/api/analysis" + q, { method: "POST", body: src.record, headers: { "Content-Type": "application/json" }, signal: abort.signal });
    if (!res.ok || !res.body) {
      const d = (await res.json().catch(() => ({}))) as { error?: string };
      dispatch("error", JSON.stringify({ error: d.error ?? "" }));
      return;
    }
    const rd = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done: end } = await rd.read();
      if (end) break;
      buf += value;
      let k: number;
      while ((k = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, k);
        buf = buf.slice(k + 2);
        let event = "";
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("data: ")) data = line.slice(6);
        }
        dispatch(event, data);
      }
    }
    dispatch("error", "");
  })().catch(() => {
    if (!abort.signal.aborted) dispatch("error", "");
  });
  return () => {
    done = true;
    abort.abort();
  };
}

/**
 * AnalysisPanel asks the server for the analysis of a hand (of one of its
 * tables, or a record sent to it) and shows it beside the replay: at is
 * the replay's step (0 is the deal, k is after the k-th action), jump
 * moves the replay to a step; a decision is shown at the step its action
 * leads to.
 */
export function AnalysisPanel(p: { source: AnalysisSource; names: string[]; lang: Lang; at: number; jump: (i: number) => void; name: Namer }) {
  const { lang } = p;
  const [report, setReport] = useState<Report | null>(null);
  const [progress, setProgress] = useState<[number, number] | null>(null);
  const [err, setErr] = useState("");
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => {
    // Opened with "Analyse" (a hand's result, the hands played here): start at once.
    if (new URLSearchParams(location.search).get("analyse") === "1") start("");
    return () => stop.current?.();
  }, []);
  const start = (level: "" | "fast") => {
    stop.current?.();
    setErr("");
    setReport(null);
    setProgress([0, 0]);
    stop.current = analysisStream(p.source, level, {
      progress: (d, n) => setProgress([d, n]),
      report: (r) => {
        setReport(r);
        setProgress(null);
      },
      error: (why) => {
        // The server's reason is English: a German page says it in general.
        setErr(say(lang, why) || t(lang, "analysisFailed"));
        setProgress(null);
      },
    });
  };
  if (!report) {
    return (
      <div class="analysis" data-testid="analysis">
        <button type="button" class="btn primary" onClick={() => start("")} disabled={!!progress} data-testid="analyse">
          {t(lang, "analyse")}
        </button>{" "}
        <button type="button" class="btn" onClick={() => start("fast")} disabled={!!progress}>
          {t(lang, "quickLook")}
        </button>
        {progress && (
          <p class="muted" data-testid="analysis-progress">
            {t(lang, "valuing")}: {progress[0]}/{progress[1] || "…"}
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
        {t(lang, "analysisTitle")} <span class="muted">({t(lang, "analysisBy", botLabel(report.bot, lang))})</span>
      </h4>
      <p class="muted small">{t(lang, "graphNote")}</p>
      <Graph report={report} names={p.names} at={p.at} jump={p.jump} lang={lang} name={p.name} />
      <div class="res-wrap">
      <table class="res">
        <thead>
          <tr>
            <th />
            <th>{t(lang, "expectedLoss")}</th>
            <th>{t(lang, "goodDecisions")}</th>
          </tr>
        </thead>
        <tbody>
          {report.seats.map((s) => (
            <tr>
              <td>{p.names[s.seat] ?? s.name}</td>
              <td>{num(s.loss, lang)}</td>
              <td>{goodText(s, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <p class="muted small" data-testid="loss-note">
        {t(lang, "lossNote")} {t(lang, "worldNote")}
      </p>
      {here.map((d) => (
        <p class={"verdict " + d.class} data-testid="verdict">
          {place(d, lang)}, {p.names[d.seat]}: {p.name(d.taken, d)}
          {takenValue(d) !== null ? ` (${t(lang, "expectedValue")} ${num(takenValue(d)!, lang)})` : ""} — {className(d.class, lang)}
          {d.best && d.class !== "good" && d.class !== "forced" && d.candidates?.length
            ? ` · ${t(lang, "bestChoice")}: ${p.name(d.best, d)} (${t(lang, "expectedValue")} ${num(d.candidates[0].value, lang)})`
            : ""}
          {d.open_card?.length ? ` · ${t(lang, "allHandsBest", p.name(d.open_card[0].action, d), num(d.open_card[0].value, lang, 0))}` : ""}
          {whyText(d.why, lang) && d.class !== "good" && d.class !== "forced" && (
            <span class="why" data-testid="why">
              <br />
              {whyText(d.why, lang)}
            </span>
          )}
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
              {place(d, lang)}
            </a>
            , {p.names[d.seat]}: {p.name(d.taken, d)} — {className(d.class, lang)} ({num(-d.loss, lang)}; {t(lang, "bestChoice")}: {p.name(d.best, d)})
            {whyText(d.why, lang) && <div class="why muted">{whyText(d.why, lang)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Graph draws each seat's expected score after its decisions through the hand. */
function Graph(p: { report: Report; names: string[]; at: number; jump: (i: number) => void; lang: Lang; name: Namer }) {
  const W = 640,
    H = 180,
    L = 40,
    R = 10,
    T = 10,
    B = 22;
  const pts = p.report.decisions.map((d) => ({ d, v: takenValue(d) })).filter((x) => x.v !== null) as { d: Decision; v: number }[];
  if (!pts.length) return <p class="muted">{t(p.lang, "noDecisionValued")}</p>;
  const maxX = Math.max(...p.report.decisions.map((d) => d.action)) + 1;
  let lo = Math.min(...pts.map((x) => x.v), 0),
    hi = Math.max(...pts.map((x) => x.v), 0);
  if (hi - lo < 1e-9) hi = lo + 1;
  const x = (a: number) => L + ((W - L - R) * a) / Math.max(maxX, 1);
  const y = (v: number) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  const seats = [...new Set(pts.map((q) => q.d.seat))].sort((a, b) => a - b);
  return (
    <svg class="graph" width="100%" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t(p.lang, "scoreGraph")} data-testid="graph">
      <line x1={L} x2={W - R} y1={y(0)} y2={y(0)} stroke="#999" stroke-dasharray="3 3" />
      <text x={4} y={y(hi) + 4} font-size="10">
        {num(hi, p.lang, 1)}
      </text>
      <text x={4} y={y(lo)} font-size="10">
        {num(lo, p.lang, 1)}
      </text>
      <text x={L + 4} y={T + 10} font-size="10" fill="#666">
        {t(p.lang, "scoreAxis")}
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
                  {place(q.d, p.lang)}, {p.names[s]}: {p.name(q.d.taken, q.d)} {num(q.v, p.lang)}
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
