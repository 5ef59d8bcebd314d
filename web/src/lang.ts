// The display languages, below every module that words anything.

/** Lang is a display language. */
export type Lang = "en" | "de";

/** isLang tells a language code this app speaks ("en", "de"). */
export function isLang(x: unknown): x is Lang {
  return x === "en" || x === "de";
}
