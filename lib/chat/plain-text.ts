// Markdown as a reader would say it: for one-line excerpts (search snippets) where markup
// characters are noise. Pure and forgiving: it never fails, it only removes syntax.

const RULES: readonly [RegExp, string][] = [
  [/^\s*(?:```|~~~).*$/gm, ''], // fence lines (the code inside stays)
  [/^\s*\|?(?:\s*:?-{2,}:?\s*\|)+\s*(?::?-{2,}:?)?\s*\|?\s*$/gm, ''], // table separator rows
  [/^\s*\|(.*?)\|?\s*$/gm, '$1'], // a table row's outer pipes
  [/\s+\|\s+/g, ' · '], // a table row's inner pipes
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'], // images → alt text
  [/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1'], // links → their text
  [/^\s{0,3}#{1,6}\s+/gm, ''], // headings
  [/^\s{0,3}>\s?/gm, ''], // quotes
  [/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, ''], // list markers and task boxes
  [/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/gm, ''], // rules
  [/(\*\*|__)(?=\S)([\s\S]+?)(?<=\S)\1/g, '$2'], // bold
  [/(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])/g, '$1'], // italic *…*
  [/(?<![\w_])_(?=\S)([^_\n]+?)(?<=\S)_(?![\w_])/g, '$1'], // italic _…_ (not snake_case)
  [/~~(?=\S)([\s\S]+?)(?<=\S)~~/g, '$1'], // strikethrough
  [/(`+)([\s\S]*?[^`])\1(?!`)/g, '$2'], // inline code
  [/<\/?[a-zA-Z][^<>]*>/g, ''], // HTML tags
];

export function markdownToPlainText(markdown: string): string {
  let text = markdown;
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  return text;
}
