// Card faces drawn by the project as SVG: the French-suited Tarock pack
// (Droggn, Strohmandeln) and the Italian-suited Swiss pack (Troggu). Suit
// signs are shared <symbol>s defined once in <FaceDefs/>; each card is a
// small inline SVG with a 60×90 view box.

import { cardName, rankLabel, singularOne, t, type Lang } from "./i18n";
import type { JSX } from "preact";
import { FOOL_NAME, isRed, parse, type GameName } from "./cards";

const INK = "#1b1b1b";
const RED = "#c4161c";
const SUIT_COLOR: Record<string, string> = {
  S: INK,
  C: INK,
  H: RED,
  D: RED,
  Cu: "#b3262e",
  Co: "#a06a00",
  Sw: "#24508f",
  Ba: "#2f6b2f",
};
const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

/** FaceDefs holds the suit signs and the card-back pattern; render it once. */
export function FaceDefs() {
  return (
    <svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">
      <defs>
        <symbol id="s-S" viewBox="0 0 24 24">
          <path d="M12 1.5C9 6 3 9.5 3 14.2a4.6 4.6 0 0 0 7.9 3.2L9.6 22.5h4.8l-1.3-5.1A4.6 4.6 0 0 0 21 14.2C21 9.5 15 6 12 1.5z" />
        </symbol>
        <symbol id="s-H" viewBox="0 0 24 24">
          <path d="M12 21.5C8 18 2.5 13.8 2.5 8.6A5 5 0 0 1 12 6.2a5 5 0 0 1 9.5 2.4c0 5.2-5.5 9.4-9.5 12.9z" />
        </symbol>
        <symbol id="s-D" viewBox="0 0 24 24">
          <path d="M12 1.5 20.5 12 12 22.5 3.5 12z" />
        </symbol>
        <symbol id="s-C" viewBox="0 0 24 24">
          <circle cx="12" cy="7" r="4.6" />
          <circle cx="6.6" cy="13.6" r="4.6" />
          <circle cx="17.4" cy="13.6" r="4.6" />
          <path d="M11 12h2l1.6 10.5H9.4z" />
        </symbol>
        <symbol id="s-Cu" viewBox="0 0 24 24">
          <path d="M4.5 3h15c0 6.5-3 9.8-7.5 9.8S4.5 9.5 4.5 3z" />
          <rect x="10.8" y="12" width="2.4" height="6" />
          <path d="M6.5 22.5h11l-2-4h-7z" />
          <path d="M6 5h12" stroke="#fff" stroke-width="1" opacity=".6" />
        </symbol>
        <symbol id="s-Co" viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="10" />
          <circle cx="12" cy="12" r="6.4" fill="#f5d36b" />
          <circle cx="12" cy="12" r="2.2" />
        </symbol>
        <symbol id="s-Sw" viewBox="0 0 24 24">
          <path d="M12 .8 13.9 4v11.5h-3.8V4z" />
          <rect x="5.5" y="15.2" width="13" height="2.4" rx="1" />
          <rect x="10.9" y="17.4" width="2.2" height="4.2" />
          <circle cx="12" cy="22.4" r="1.5" />
        </symbol>
        <symbol id="s-Ba" viewBox="0 0 24 24">
          <path d="M10.2 1.5h3.6l-.6 21h-2.4z" />
          <circle cx="10" cy="7" r="1.5" />
          <circle cx="14" cy="11.5" r="1.5" />
          <circle cx="10.2" cy="16" r="1.4" />
          <path d="M13.8 3.5c2.5-1 4-.2 4.8 1.2-1.8.6-3.4.3-4.8-1.2z" />
        </symbol>
        <symbol id="s-star" viewBox="0 0 24 24">
          <path d="M12 1.5l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 8.7l7.1-.6z" />
        </symbol>
        <pattern id="back-pat" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill="#23497d" />
          <path d="M0 0h8M0 0v8" stroke="#5f86c0" stroke-width="1.4" />
        </pattern>
      </defs>
    </svg>
  );
}

function Sign(p: { suit: string; x: number; y: number; size: number }) {
  return <use href={`#s-${p.suit}`} x={p.x} y={p.y} width={p.size} height={p.size} fill={SUIT_COLOR[p.suit]} />;
}

/** fitText returns attributes that squeeze long labels into a width. */
function fit(text: string, size: number, max: number): Record<string, string | number> {
  const est = text.length * size * 0.62;
  return est > max ? { textLength: max, lengthAdjust: "spacingAndGlyphs" } : {};
}

// A small card's corner is drawn larger, so that its label stays readable
// at the size of a talon or Strohmann card on a phone.
const SMALL_CORNER = 1.3;

function Corner(p: { label: string; suit?: string; color: string; trump?: boolean; small?: boolean }) {
  const k = p.small ? SMALL_CORNER : 1;
  const size = (p.trump ? 13 : p.label.length > 2 ? 12 : 15) * k;
  const y = (p.trump ? 15 : 16) * (p.small ? 1.2 : 1);
  return (
    <g>
      <text class="idx" x="3.5" y={y} font-size={size} font-weight="700" fill={p.color} font-family={FONT} {...fit(p.label, size, 24 * k)}>
        {p.label}
      </text>
      {p.suit && <Sign suit={p.suit} x={3.5} y={y + 3} size={12 * k} />}
    </g>
  );
}

function suitFace(id: string, suit: string, pip: number, game: GameName, lang: Lang, small?: boolean): JSX.Element[] {
  const color = SUIT_COLOR[suit];
  const label = rankLabel(id, game, lang);
  const out: JSX.Element[] = [];
  if (pip === 0) {
    const tint = isRed(suit) ? "#fbe7e6" : suit.length === 2 ? "#f3efe2" : "#ebeef3";
    out.push(
      <rect x="15" y="22" width="30" height="50" rx="3" fill={tint} stroke={color} stroke-width="1" />,
      <Sign suit={suit} x={21} y={25} size={18} />,
      <text x="30" y="65" font-size="21" font-weight="700" text-anchor="middle" fill={color} font-family={FONT}>
        {label}
      </text>,
    );
  } else {
    out.push(<Sign suit={suit} x={16} y={31} size={28} />);
  }
  out.push(<Corner label={label} suit={suit} color={color} small={small} />);
  if (small) return out;
  out.push(
    <g transform="rotate(180 30 45)">
      <Corner label={label} suit={suit} color={color} />
    </g>,
  );
  return out;
}

function trumpFace(n: number, game: GameName, italian: boolean, small?: boolean): JSX.Element[] {
  const ink = italian ? "#1f4d3a" : "#1d3557";
  const label = rankLabel("T" + n, game, "en");
  const oval = italian ? "#dcebd9" : "#e6ddc6";
  const out: JSX.Element[] = [
    <rect x="3" y="3" width="54" height="84" rx="3.5" fill="none" stroke={ink} stroke-width=".8" opacity=".5" />,
    <ellipse cx="30" cy="50" rx="18" ry="25" fill={oval} stroke={ink} stroke-width=".8" />,
  ];
  let name = "";
  if (n === 21) {
    name = "Mond";
    out.push(<path d="M35 29a8 8 0 1 0 0 12.5 6.2 6.2 0 1 1 0-12.5z" fill="#d9a400" stroke={ink} stroke-width=".6" />);
  } else if (n === 1) {
    name = "Pagat";
  } else if (game === "strohmandeln" && n === 2) {
    name = "Uhu";
  } else if (game === "strohmandeln" && n === 3) {
    name = "Kakadu";
  }
  // A small card has no corners: its number is drawn larger instead.
  const size = small ? 22 : 17;
  out.push(
    <text
      class={small ? "idx" : undefined}
      x="30"
      y={n === 21 ? 67 : 57}
      font-size={size}
      font-weight="700"
      text-anchor="middle"
      fill={ink}
      font-family={FONT}
      {...fit(label, size, small ? 46 : 32)}
    >
      {label}
    </text>,
  );
  if (name) {
    out.push(
      <text x="30" y="83" font-size="8" text-anchor="middle" fill={ink} font-family={FONT} font-style="italic">
        {name}
      </text>,
    );
  }
  if (!small) out.push(<Corner label={label} color={ink} trump />);
  return out;
}

function foolFace(game: GameName): JSX.Element[] {
  const ink = "#5b2a86";
  return [
    <rect x="3" y="3" width="54" height="84" rx="3.5" fill="none" stroke={ink} stroke-width=".8" opacity=".5" />,
    <use href="#s-star" x="13" y="24" width="34" height="34" fill="#e3b21f" stroke={ink} stroke-width=".6" />,
    <text x="30" y="74" font-size="9.5" font-weight="700" text-anchor="middle" fill={ink} font-family={FONT} {...fit(FOOL_NAME[game], 9.5, 46)}>
      {FOOL_NAME[game]}
    </text>,
    <use href="#s-star" x="4" y="4" width="13" height="13" fill={ink} />,
    <use href="#s-star" x="43" y="73" width="13" height="13" fill={ink} />,
  ];
}

/** CardSVG draws the face of a card (or its back when id is ""), named for screen readers unless named is false (a button names it). */
export function CardSVG(p: { id: string; game: GameName; lang: Lang; small?: boolean; named?: boolean }) {
  const c = parse(p.id);
  let bg = "#fff";
  let body: JSX.Element[];
  if (p.id === "") {
    bg = "url(#back-pat)";
    body = [<rect x="4" y="4" width="52" height="82" rx="3" fill="none" stroke="#fff" stroke-width="1.2" opacity=".7" />];
  } else if (c.kind === "fool") {
    bg = "#fff6e0";
    body = foolFace(p.game);
  } else if (c.kind === "trump") {
    bg = p.game === "troggu" ? "#f4fbf1" : "#fff9ea";
    body = trumpFace(c.n, p.game, p.game === "troggu", p.small);
  } else if (c.kind === "suit") {
    body = suitFace(p.id, c.suit, c.pip, p.game, p.lang, p.small);
  } else {
    body = [
      <text x="30" y="50" font-size="12" text-anchor="middle" font-family={FONT}>
        {p.id}
      </text>,
    ];
  }
  return (
    <svg
      viewBox="0 0 60 90"
      class="face"
      role={p.id && p.named !== false ? "img" : undefined}
      aria-label={p.id && p.named !== false ? cardName(p.id, p.game, p.lang) : undefined}
      aria-hidden={p.id && p.named !== false ? undefined : "true"}
    >
      <rect x=".5" y=".5" width="59" height="89" rx="5" fill={bg} stroke="#555" stroke-width="1" />
      {body}
    </svg>
  );
}

/** CardProps configures one card on the table. */
export interface CardProps {
  id: string;
  game: GameName;
  lang: Lang;
  legal?: boolean;
  selected?: boolean;
  dim?: boolean;
  hint?: boolean;
  small?: boolean;
  badge?: string;
  onClick?: () => void;
  testId?: string;
  /** a card that cannot be chosen now: aria-disabled and out of the Tab order (a click still goes, to be refused with the reason) */
  disabled?: boolean;
  /** a card that a click chooses or leaves (a discard, a card offered): aria-pressed true or false */
  pressed?: boolean;
  /** the id of what describes the card to a screen reader (the hint's word) */
  describedBy?: string;
}

/** Card is a card face, a button when it can be clicked. */
export function Card(p: CardProps) {
  const cls = ["card"];
  if (p.small) cls.push("small");
  if (p.legal) cls.push("legal");
  if (p.selected) cls.push("selected");
  if (p.dim) cls.push("dim");
  if (p.hint) cls.push("hint");
  // A card that is a button is named by the button.
  const face = <CardSVG id={p.id} game={p.game} lang={p.lang} small={p.small} named={!p.onClick} />;
  const badge = p.badge ? <span class="badge">{p.badge}</span> : null;
  if (p.onClick) {
    return (
      <button
        type="button"
        class={cls.join(" ")}
        data-card={p.id}
        data-testid={p.testId}
        aria-label={cardName(p.id, p.game, p.lang)}
        aria-pressed={p.pressed !== undefined ? (p.pressed ? "true" : "false") : p.selected ? "true" : undefined}
        aria-disabled={p.disabled ? "true" : undefined}
        aria-describedby={p.describedBy}
        tabIndex={p.disabled ? -1 : undefined}
        onClick={(e) => {
          // The second click of a double click plays nothing more: the
          // card is gone, and the turn with it.
          if (e.detail > 1) return;
          p.onClick!();
        }}
      >
        {face}
        {badge}
      </button>
    );
  }
  return (
    <span class={cls.join(" ")} data-card={p.id || undefined}>
      {face}
      {badge}
    </span>
  );
}

/** Backs shows a face-down pile with its count. */
export function Backs(p: { n: number; game: GameName; lang: Lang; small?: boolean; label?: string }) {
  return (
    <span
      class={"card back" + (p.small ? " small" : "")}
      title={p.label}
      role="img"
      aria-label={singularOne(p.lang, t(p.lang, "faceDownN", p.n)) + (p.label ? ` (${p.label})` : "")}
    >
      <CardSVG id="" game={p.game} lang={p.lang} />
      <span class="count">{p.n}</span>
    </span>
  );
}

/** Icon draws a small sign used in labels: a bot, a card, a trick, a hint, a clock. */
export function Icon(p: { name: "bot" | "cards" | "tricks" | "hint" | "clock"; title?: string }) {
  let body;
  switch (p.name) {
    case "bot":
      body = (
        <>
          <rect x="3" y="6" width="14" height="10" rx="3" fill="currentColor" />
          <rect x="9" y="2" width="2" height="4" fill="currentColor" />
          <circle cx="10" cy="2.5" r="1.6" fill="currentColor" />
          <circle cx="7.2" cy="11" r="1.7" fill="#fff" />
          <circle cx="12.8" cy="11" r="1.7" fill="#fff" />
        </>
      );
      break;
    case "cards":
      body = (
        <>
          <rect x="6" y="2" width="10" height="15" rx="2" fill="#5f86c0" stroke="currentColor" stroke-width="1.2" transform="rotate(12 11 10)" />
          <rect x="3" y="3" width="10" height="15" rx="2" fill="#23497d" stroke="currentColor" stroke-width="1.2" />
        </>
      );
      break;
    case "tricks":
      body = (
        <>
          <rect x="2" y="5" width="9" height="13" rx="1.5" fill="#fff" stroke="#333" transform="rotate(-14 6 11)" />
          <rect x="8" y="3" width="9" height="13" rx="1.5" fill="#fff" stroke="#333" transform="rotate(10 12 10)" />
        </>
      );
      break;
    case "clock":
      body = (
        <>
          <circle cx="10" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2" />
          <rect x="8" y="1" width="4" height="2" rx="1" fill="currentColor" />
          <path d="M10 11V6.5M10 11l3 2" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" fill="none" />
        </>
      );
      break;
    case "hint":
      body = (
        <>
          <path d="M10 2a6 6 0 0 0-3.5 10.9V15h7v-2.1A6 6 0 0 0 10 2z" fill="#f2b705" stroke="#7a5c00" />
          <rect x="7" y="16" width="6" height="2" rx="1" fill="#7a5c00" />
        </>
      );
      break;
  }
  return (
    <svg class="icon" viewBox="0 0 20 20" width="14" height="14" aria-hidden={p.title ? undefined : "true"} role={p.title ? "img" : undefined}>
      {p.title && <title>{p.title}</title>}
      {body}
    </svg>
  );
}
