// The app's modules hold no words of their own: every text for people
// comes from the one catalogue (i18n.ts: t for the app's words, say and
// saySplit for the server's, explain for its refusals) — all but the
// catalogue itself, the language codes (lang.ts), the generated modules
// the catalogue reads (*.gen.ts) and the tests' fixtures.

/// <reference types="vite/client" />
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** EXEMPT are the modules that may hold words: the catalogue and the language codes. */
const EXEMPT = new Set(["i18n.ts", "lang.ts"]);

/** SOURCES are the checked modules' sources by file name. */
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob<string>("./*.{ts,tsx}", { query: "?raw", import: "default", eager: true }))
    .map(([path, src]) => [path.slice(2), src])
    .filter(([f]) => !EXEMPT.has(f) && !f.endsWith(".gen.ts") && !f.endsWith(".test.ts")),
);

/** The attributes of an element that are read by people (or to them). */
const WORDED_ATTRS = new Set(["title", "placeholder", "aria-label", "alt", "label", "text", "badge"]);

/** What may stay as a literal: the product's name in the page head. Keyed "file: text". */
const ALLOWED = new Set(["main.tsx: trull"]);

const letter = /\p{L}/u;

/** isLiteral tells a string literal (or a template without parts). */
function isLiteral(n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
}

/**
 * literals lists the words a module holds of its own, each as
 * "file:line: rule: text". The rules:
 *  - a JSX text node with a letter;
 *  - a worded attribute (title, placeholder, aria-label, alt, label, text,
 *    a card's badge) given a literal with a letter, or a literal with a
 *    letter as the one expression of a JSX child ({"words"});
 *  - a comparison with the language codes "de" or "en" (a module does not
 *    choose between languages: the catalogue does);
 *  - a call of tr (a pair of texts inline);
 *  - an object literal with an "en" or "de" property (a table of texts).
 */
export function literals(file: string, src: string): string[] {
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const hit = (n: ts.Node, rule: string, text: string) => {
    if (ALLOWED.has(`${file}: ${text}`)) return;
    const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
    out.push(`${file}:${line}: ${rule}: ${text}`);
  };
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && letter.test(n.text)) hit(n, "JSX text", n.text.trim());
    if (ts.isJsxAttribute(n) && n.initializer && WORDED_ATTRS.has(n.name.getText(sf))) {
      let v: ts.Node | undefined = n.initializer;
      if (ts.isJsxExpression(v)) v = v.expression;
      if (v && isLiteral(v) && letter.test(v.text)) hit(n, `attribute ${n.name.getText(sf)}`, v.text);
    }
    if (ts.isJsxExpression(n) && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent)) && n.expression && isLiteral(n.expression) && letter.test(n.expression.text)) hit(n, "JSX text", n.expression.text);
    if (ts.isBinaryExpression(n) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(n.operatorToken.kind)) {
      for (const side of [n.left, n.right]) if (isLiteral(side) && (side.text === "de" || side.text === "en")) hit(n, "language choice", n.getText(sf));
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "tr") hit(n, "inline pair", n.getText(sf));
    if (ts.isPropertyAssignment(n) && ts.isObjectLiteralExpression(n.parent)) {
      const name = ts.isIdentifier(n.name) || ts.isStringLiteral(n.name) ? n.name.text : "";
      if (name === "en" || name === "de") hit(n, "text table", n.getText(sf).slice(0, 60));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe("the modules' words", () => {
  const files = Object.keys(SOURCES);

  it("reads the modules", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files).toContain("table.tsx");
    expect(files).toContain("names.ts");
  });

  it("finds no words outside the catalogue", () => {
    const found = files.flatMap((f) => literals(f, SOURCES[f]));
    expect(found).toEqual([]);
  });

  it("tells each kind of literal", () => {
    const src = [
      'const a = <p title="Hello">Hallo {x}</p>;',
      'const b = lang === "de" ? "ja" : "yes";',
      'const c = tr(lang, "Seats", "Plätze");',
      'const d = { en: "one", de: "eins" };',
      'const e = <Group label={"Tapp"} />;',
      'const f = <p aria-label={t(lang, "k")}>{t(lang, "k")} ♠ 12 — {"·"}</p>;',
      'const g = <b>{"Ross!"}</b>;',
    ].join("\n");
    expect(literals("x.tsx", src).map((s) => s.split(": ")[1])).toEqual([
      "attribute title",
      "JSX text",
      "language choice",
      "inline pair",
      "text table",
      "text table",
      "attribute label",
      "JSX text",
    ]);
  });
});
