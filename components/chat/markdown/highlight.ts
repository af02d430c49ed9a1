// Runs in the highlighting worker (highlight.worker.ts), loaded the first time a finished code
// block needs colour, so Shiki never weighs on the page's bundle or its main thread. Uses the fine-grained core with the JavaScript regex engine
// (no WASM); each grammar is its own lazily imported chunk, loaded on first use.
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguages } from 'shiki/langs';

/** One highlighted token; colours are for the light and dark theme respectively. */
export interface HighlightToken {
  content: string;
  light?: string;
  dark?: string;
}
export type HighlightedLines = HighlightToken[][];

// Bigger inputs stay plain: tokenizing them would keep the worker busy for seconds.
const MAX_CODE_LENGTH = 50_000;
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);

let highlighter: Promise<HighlighterCore> | null = null;
const languages = new Map<string, Promise<boolean>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    // The high-contrast variants: several plain GitHub colours (orange, comments) fall below
    // WCAG AA on the code block backgrounds.
    themes: [
      import('shiki/themes/github-light-high-contrast.mjs'),
      import('shiki/themes/github-dark-high-contrast.mjs'),
    ],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

function isBundled(lang: string): lang is keyof typeof bundledLanguages {
  return Object.hasOwn(bundledLanguages, lang);
}

async function loadLanguage(core: HighlighterCore, lang: string): Promise<boolean> {
  if (!isBundled(lang)) return false;
  let loading = languages.get(lang);
  if (!loading) {
    loading = core.loadLanguage(bundledLanguages[lang]).then(
      () => true,
      () => false,
    );
    languages.set(lang, loading);
  }
  return loading;
}

/**
 * Tokens for `code` with light and dark colours, or null when the language is unknown or the code
 * too large. The result is plain data rendered as React text, so no HTML string is ever injected.
 */
export async function highlight(code: string, language: string): Promise<HighlightedLines | null> {
  const lang = language.toLowerCase();
  if (PLAIN.has(lang) || code.length > MAX_CODE_LENGTH) return null;
  const core = await getHighlighter();
  if (!(await loadLanguage(core, lang))) return null;
  const { tokens } = core.codeToTokens(code, {
    lang,
    themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
    defaultColor: false,
    tokenizeMaxLineLength: 2_000,
  });
  return tokens.map((line) =>
    line.map((token) => ({
      content: token.content,
      light: token.htmlStyle?.['--shiki-light'],
      dark: token.htmlStyle?.['--shiki-dark'],
    })),
  );
}
