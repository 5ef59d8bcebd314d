// The turn signal: when it is the player's turn the tab's title starts
// with a mark and the favicon gets a red dot, so that a player in another
// tab sees it; an optional short tone (off by default) sounds as well.

import { useEffect, useLayoutEffect } from "preact/hooks";
import * as api from "./api";

const ICON = (dot: boolean) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 60 90'>" +
      "<rect x='2' y='2' width='56' height='86' rx='6' fill='#fff9ea' stroke='#333' stroke-width='3'/>" +
      "<text x='30' y='58' font-size='30' font-weight='700' text-anchor='middle' fill='#1d3557' font-family='sans-serif'>XXI</text>" +
      (dot ? "<circle cx='44' cy='18' r='15' fill='#d62828' stroke='#fff' stroke-width='3'/>" : "") +
      "</svg>",
  );

/** TURN_MARK starts the tab's title while it is the player's turn. */
export const TURN_MARK = "▶ ";

/** soundOn reads the stored choice of the turn tone (off unless chosen). */
export const soundOn = () => api.pref<boolean>("sound") === true;

/** storeSound keeps the choice of the turn tone. */
export const storeSound = (on: boolean) => api.storePref("sound", on);

function setIcon(dot: boolean) {
  let link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  link.href = ICON(dot);
  link.dataset.turn = dot ? "1" : "0";
}

let audio: AudioContext | null = null;

/** tone plays a short soft double beep. */
function tone() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [at, f] of [
      [0, 660],
      [0.16, 880],
    ]) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, now + at);
      g.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.14);
      o.connect(g).connect(audio.destination);
      o.start(now + at);
      o.stop(now + at + 0.15);
    }
  } catch {
    /* no audio here */
  }
}

/**
 * useTurnSignal keeps the tab's title and favicon in step with the turn:
 * title is the page's title, myTurn whether the player must act now.
 */
export function useTurnSignal(title: string, myTurn: boolean, yourTurn: string, sound: boolean) {
  // A layout effect: the title changes in the same commit as the prompt,
  // so the two never disagree.
  useLayoutEffect(() => {
    document.title = myTurn ? `${TURN_MARK}${yourTurn} — ${title}` : `${title} — trull`;
    setIcon(myTurn);
    if (myTurn && sound) tone();
  }, [title, myTurn, yourTurn]);
  useEffect(
    () => () => {
      document.title = "trull";
      setIcon(false);
    },
    [],
  );
}
