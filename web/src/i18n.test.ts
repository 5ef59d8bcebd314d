// Numbers of one take the singular in both languages.
import { describe, expect, it } from "vitest";
import { singularOne, t } from "./i18n";

describe("singularOne", () => {
  it("puts the words after 1 in the singular, and only after 1", () => {
    expect(singularOne("en", t("en", "dailyChoices", 1))).toBe("How the others decided (1 player so far)");
    expect(singularOne("en", t("en", "dailyChoices", 11))).toBe("How the others decided (11 players so far)");
    expect(singularOne("de", t("de", "dailyChoices", 1))).toBe("Wie die anderen entschieden (bisher 1 Spieler)");
    expect(singularOne("en", "1 points, 21 points, 1 tricks")).toBe("1 point, 21 points, 1 trick");
    expect(singularOne("de", "1 Punkte, 1,5 Punkte")).toBe("1 Punkt, 1,5 Punkte");
  });
});
