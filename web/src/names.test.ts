import { describe, expect, it } from "vitest";
import { recordNames } from "./names";

describe("recordNames", () => {
  const cases: { name: string; in: string[]; lang: "en" | "de"; want: string[] }[] = [
    { name: "unnamed seats in German", in: ["Seat 1", "Anna", "Bot 3"], lang: "de", want: ["Platz 1", "Anna", "Bot 3"] },
    { name: "unnamed seats in English", in: ["Seat 1", "", "Bot 3"], lang: "en", want: ["Seat 1", "Seat 2", "Bot 3"] },
    { name: "a person named like another seat keeps the name", in: ["Seat 2", "Bot 2", "Bot 3"], lang: "de", want: ["Seat 2", "Bot 2", "Bot 3"] },
    { name: "equal names told apart", in: ["Anna", "Anna", "Bot 3"], lang: "de", want: ["Anna (1)", "Anna (2)", "Bot 3"] },
  ];
  for (const c of cases) {
    it(c.name, () => expect(recordNames(c.in, c.lang)).toEqual(c.want));
  }
});
