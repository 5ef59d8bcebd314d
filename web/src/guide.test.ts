// The guide's steps read as sentences: a German card name takes the case
// its place asks for, a call that is a sentence of its own keeps its mark,
// and the number 1 takes the singular.
import { describe, expect, it } from "vitest";
import { stepText } from "./guide";

const names = ["Anna", "Bot 2", "Bot 3"];

describe("stepText", () => {
  it("names a Troggu or Strohmandeln bid as its button reads", () => {
    expect(stepText({ code: "advice.bid.troggu", params: { call: "normal" } }, "troggu", "de", ["Anna", "Bot 2", "Bot 3"], 0)).toContain("Sag: Ich nehm's (Tapp)");
    expect(stepText({ code: "advice.bid.troggu", params: { call: "pass" } }, "troggu", "en", ["Anna", "Bot 2", "Bot 3"], 0)).toContain("Say: pass");
    expect(stepText({ code: "advice.bid.strohmandeln", params: { call: "undertake" } }, "strohmandeln", "en", ["Anna", "Bot 2"], 0)).toContain(
      "Say: Ich nehme auf! (undertake)",
    );
  });
  it("puts the Fool's German article in the case of its place", () => {
    expect(stepText({ code: "advice.play", params: { card: "FOOL" } }, "troggu", "de", names, 0)).toBe("Spiel den Bättler.");
    expect(stepText({ code: "trick.trump", params: { n: "1", winner: "0", card: "FOOL", points: "7" } }, "strohmandeln", "de", names, 0)).toBe(
      "Du hast Stich 1 mit dem Sküs gewonnen: der höchste Tarock darin macht den Stich. Er hat Karten im Wert von 7 Punkten.",
    );
    const deal = stepText(
      { code: "deal.troggu", params: { cards: "18", trumps: "10", top: "FOOL", honours: "FOOL,T21", tapp: "8", kings: "1", players: "3" } },
      "troggu",
      "de",
      names,
      0,
    );
    expect(deal).toContain("der höchste davon der Bättler; deine Karten mit fünf Punkten: Bättler und Mond (XXI).");
    expect(stepText({ code: "why.bid.normal", params: { trumps: "10", cards: "18", honours: "FOOL,T21" } }, "troggu", "de", names, 0)).toContain(
      "und den Bättler und Mond (XXI)",
    );
    expect(stepText({ code: "advice.play", params: { card: "FOOL" } }, "troggu", "en", names, 0)).toBe("Play Bättler (Fool).");
  });

  it("ends a call that is a sentence of its own with its own mark", () => {
    expect(stepText({ code: "advice.bid.strohmandeln", params: { call: "undertake" } }, "strohmandeln", "de", names, 0)).toBe("Sag: Ich nehme auf!");
  });

  it("says one point, and a third of a point without a zero", () => {
    const one = { code: "trick.trump", params: { n: "3", winner: "1", card: "T20", points: "1" } };
    expect(stepText(one, "droggn", "de", names, 0)).toContain("im Wert von 1 Punkt.");
    expect(stepText(one, "droggn", "en", names, 0)).toContain("worth 1 point.");
    // A pile's count is in thirds in Strohmandeln, a trick's points are the cards' own.
    const count = { code: "count.strohmandeln", params: { tricks: "1", points: "2", other: "208", need: "107" } };
    expect(stepText(count, "strohmandeln", "de", names, 0)).toContain("zählst ⅔ Kartenpunkte gegen 69⅓");
    const trick = { code: "trick.trump", params: { n: "3", winner: "1", card: "T20", points: "2" } };
    expect(stepText(trick, "strohmandeln", "de", names, 0)).toContain("im Wert von 2 Punkten.");
    const eleven = { code: "trick.trump", params: { n: "3", winner: "1", card: "T20", points: "11" } };
    expect(stepText(eleven, "droggn", "en", names, 0)).toContain("worth 11 points.");
  });

  it("gives a Strohmandeln trick's points as the tally counts them too", () => {
    const trick = { code: "trick.suit", params: { n: "1", winner: "0", card: "C-K", suit: "C", points: "6", counted: "14" } };
    expect(stepText(trick, "strohmandeln", "en", names, 0)).toContain("worth 6 points, which count 4⅔ in the tally.");
    expect(stepText(trick, "strohmandeln", "de", names, 0)).toContain("im Wert von 6 Punkten, die in der Zählung 4⅔ gelten");
  });

  it("does not call a trick without a trump when a powerless Bättler lies in it", () => {
    const trick = { code: "trick.powerless", params: { n: "8", winner: "0", card: "Ba-K", suit: "Ba", points: "9" } };
    const de = stepText(trick, "troggu", "de", names, 0);
    expect(de).toContain("der einzige Tarock darin hatte seine Kraft verloren");
    expect(de).not.toContain("kein Tarock");
    const fool = stepText({ code: "trick.fool.troggu", params: { seat: "1", card: "FOOL" } }, "troggu", "en", names, 0);
    expect(fool).toContain("kept it back once when it was the only trump");
  });

  it("names the suits a discard leaves empty, and claims none when it leaves none", () => {
    const both = { code: "advice.discard.troggu", params: { discard: "Sw-J,Sw-10", count: "2", voids: "Sw,Ba" } };
    expect(stepText(both, "troggu", "en", names, 0)).toContain("no card left in swords and batons");
    expect(stepText(both, "troggu", "de", names, 0)).toContain("keine Karte mehr in Schwertern und Stäben");
    const none = { code: "advice.discard.troggu", params: { discard: "Co-1,Co-4", count: "2" } };
    expect(stepText(none, "troggu", "en", names, 0)).not.toContain("no card left");
  });

  it("words the play after its first trick by the trick it is", () => {
    const p = { code: "progress", params: { role: "declarer", contract: "solo", need: "37", n: "9", points: "24" } };
    expect(stepText(p, "droggn", "en", names, 0)).toBe("Trick 9. Your side needs 37 card points and has 24 so far.");
    const d = { code: "progress", params: { role: "defender", contract: "normal", need: "58", n: "4" } };
    expect(stepText(d, "troggu", "de", names, 1)).toBe("Stich 4. Die andere Partei braucht 58 Kartenpunkte.");
  });
});
