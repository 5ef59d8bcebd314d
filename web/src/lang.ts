// The display languages, below every module that words anything.

/** Lang is a display language. */
export type Lang = "en" | "de";
