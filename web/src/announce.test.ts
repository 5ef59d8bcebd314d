// What the live region says between two states, in both languages: the
// other seats' cards and bids, a trick taken, the result, the viewer's turn
// with what it asks, the guide's advice and a hint; never a card of a
// trick the seat may not look back at, nor the viewer's own plays.
import { describe, expect, it } from "vitest";
import { askText, news, resultHeadline, tableNews, type Heard } from "./announce";
import type { Model } from "./model";
import { droggnModel } from "./testdata/model";

const names = ["Anna", "Bot 2", "Bot 3"];

/** model is a Droggn model of seat 0 in the play of Bot 2's Ansager, changed by over. */
function model(over: Partial<Model>): Model {
  return droggnModel({ variant: "droggn", to_act: 1, hand: ["S-K", "T21"], contract: "ansager", declarer: 1, ...over });
}

const heard = (m: Model, over: Partial<Heard> = {}): Heard => ({ hand: 0, m, step: 1, ask: "", advice: "", hint: "", ...over });

describe("tableNews", () => {
  it("reads only the last trick of several finished while the page was away", () => {
    const trick = (leader: number, cards: string[], winner: number) => ({ leader, plays: cards.map((card, k) => ({ seat: (leader + k) % 3, card })), winner });
    const before = model({ tricks: [], trick: null });
    const after = model({
      tricks: [trick(1, ["H-K", "H-7", "H-8"], 1), trick(1, ["S-7", "S-8", "S-9"], 0), trick(0, ["C-7", "C-8", "C-9"], 2)],
      trick: null,
    });
    const said = tableNews(before, after, 0, names, "en");
    expect(said.some((s) => s.includes("king of hearts") || s.includes("7 of spades"))).toBe(false);
    expect(said).toContain("Bot 2 plays 8 of clubs");
    expect(said.filter((s) => s.startsWith("Trick ")).length).toBe(1);
  });

  it("says each card another seat plays, not the viewer's own", () => {
    const before = model({ trick: { leader: 0, plays: [{ seat: 0, card: "T21" }], winner: -1 } });
    const after = model({
      trick: {
        leader: 0,
        plays: [
          { seat: 0, card: "T21" },
          { seat: 1, card: "H-K" },
        ],
        winner: -1,
      },
    });
    expect(tableNews(before, after, 0, names, "en")).toEqual(["Bot 2 plays king of hearts"]);
    expect(tableNews(before, after, 0, names, "de")).toEqual(["Bot 2 spielt Herz-König"]);
  });

  it("says who took a trick, and the viewer as 'you'", () => {
    const before = model({
      trick: {
        leader: 1,
        plays: [
          { seat: 1, card: "H-K" },
          { seat: 2, card: "H-1" },
        ],
        winner: -1,
      },
    });
    const done = {
      leader: 1,
      plays: [
        { seat: 1, card: "H-K" },
        { seat: 2, card: "H-1" },
        { seat: 0, card: "T21" },
      ],
      winner: 0,
    };
    const after = model({ tricks: [done], trick: null, to_act: 0 });
    expect(tableNews(before, after, 0, names, "en")).toEqual(["Trick 1 — you won it"]);
    expect(tableNews(before, after, 0, names, "de")).toEqual(["Stich 1 — an dich"]);
    const byBot = model({ tricks: [{ ...done, winner: 2 }], trick: null });
    expect(tableNews(before, byBot, 0, names, "de")).toEqual(["Stich 1 — an Bot 3"]);
  });

  it("puts the Fool's German article in the accusative", () => {
    const after = model({ game: "troggu", variant: "troggu", trick: { leader: 1, plays: [{ seat: 1, card: "FOOL" }], winner: -1 } });
    expect(tableNews(model({ game: "troggu", variant: "troggu" }), after, 0, names, "de")).toEqual(["Bot 2 spielt den Bättler"]);
  });

  it("says nothing of a trick the seat may not look back at, then or at the hand's end", () => {
    const hidden = { leader: 1, plays: [], winner: 1, hidden: true };
    const before = model({ tricks: [hidden] });
    const end = model({
      tricks: [
        {
          leader: 1,
          plays: [
            { seat: 1, card: "H-K" },
            { seat: 2, card: "H-1" },
            { seat: 0, card: "H-2" },
          ],
          winner: 1,
        },
      ],
    });
    expect(tableNews(before, end, 0, names, "en")).toEqual([]);
    // Taken unseen (the next lead came first): its winner, no cards.
    expect(tableNews(model({}), before, 0, names, "en")).toEqual(["Trick 1 — Bot 2 won it"]);
  });

  it("says the other seats' bids in the log's words", () => {
    const after = model({ phase: "bid", log: [{ seat: 1, act: "bid", call: "ansager" }, { seat: 0, act: "bid", call: "pass" }] });
    expect(tableNews(model({ phase: "bid" }), after, 0, names, "en")).toEqual(["Bot 2: Ansager (ich sage an)"]);
  });

  it("says a hand's result with the viewer's score", () => {
    const r = { contract: "ansager", declarer: 1, partner: -1, card_points: [30, 40, 0], score: [-4, 8, -4], items: [] };
    const end = model({ result: r, phase: "done" });
    expect(resultHeadline(end, 2, names, "en")).toBe("Hand 3 — result: Ansager — Bot 2. Score: -4");
    expect(tableNews(model({}), end, 2, names, "de")).toEqual(["Spiel 3 — Ergebnis: Ansager — Bot 2. Punkte: -4"]);
  });
});

describe("askText", () => {
  it("words what the decision asks", () => {
    const m = model({ phase: "bid", log: [] });
    expect(askText([{ act: "play", card: "T21" }], m, "en")).toBe("Play a card");
    expect(askText([{ act: "play", card: "T21" }], m, "de")).toBe("Spiel eine Karte aus");
    expect(askText([{ act: "discard", count: 3, cards: ["S-K"] }], m, "en")).toBe("Choose 3 cards to discard (0 chosen)");
    expect(askText([{ act: "discard", count: 3, cards: ["S-K"] }], m, "de")).toBe("Wähle 3 Karten zum Drücken (0 gewählt)");
    const bids = [
      { act: "bid", call: "weiter" },
      { act: "bid", call: "ansager" },
    ];
    expect(askText(bids, m, "en")).toBe("Choose: weiter (pass), Ansager (ich sage an)");
    expect(askText(bids, m, "de")).toBe("Wähle: weiter, Ansager (ich sage an)");
    expect(askText([], m, "en")).toBe("");
  });
});

describe("news", () => {
  it("says the viewer's turn once a decision, with the guide's advice", () => {
    const m = model({ to_act: 0 });
    const first = news(null, heard(m, { ask: "Play a card", advice: "Play the Mond." }), names, "en");
    expect(first).toBe("Your turn — Play a card. Play the Mond.");
    // The same decision again (a refused card, a state anew): nothing new.
    expect(news(heard(m, { ask: "Play a card" }), heard(m, { ask: "Play a card" }), names, "en")).toBe("");
    expect(news(heard(m, { ask: "Spiel eine Karte aus" }), heard(m, { ask: "Spiel eine Karte aus", step: 2 }), names, "de")).toBe(
      "Du bist dran — Spiel eine Karte aus.",
    );
  });

  it("says the table's news before the turn, and a hint when asked", () => {
    const before = model({ to_act: 2, trick: { leader: 1, plays: [{ seat: 1, card: "H-K" }], winner: -1 } });
    const after = model({
      to_act: 0,
      trick: {
        leader: 1,
        plays: [
          { seat: 1, card: "H-K" },
          { seat: 2, card: "H-1" },
        ],
        winner: -1,
      },
    });
    expect(news(heard(before), heard(after, { step: 2, ask: "Spiel eine Karte aus" }), names, "de")).toBe(
      "Bot 3 spielt Herz-Ass. Du bist dran — Spiel eine Karte aus.",
    );
    const asked = news(heard(after, { step: 2, ask: "Play a card" }), heard(after, { step: 2, ask: "Play a card", hint: "Hint: Mond (XXI)" }), names, "en");
    expect(asked).toBe("Hint: Mond (XXI).");
  });

  it("tells nothing of the past on the page's first state", () => {
    const m = model({ trick: { leader: 1, plays: [{ seat: 1, card: "H-K" }], winner: -1 } });
    expect(news(null, heard(m), names, "en")).toBe("");
  });
});
