// Hostile strings for every place Parley shows text it did not write: model output, user
// messages, titles, tool-call arguments and results, error messages, search snippets, exports,
// shared pages, file names. One data module, so every surface is tested with the same corpus.
//
// Each payload, if it ever ran as script, calls `window.__xss(id)` (or `alert(id)`), and if it
// became an element or attribute, points at CANARY_ORIGIN. A test defines `__xss`, watches
// dialogs and requests, and inspects the DOM for dangerous attributes carrying the markers.

/** Nothing listens there: a request to it can only come from injected HTML. */
export const CANARY_ORIGIN = 'http://127.0.0.1:9';
export const CANARY_PATH = '/xss-canary/';
/** Substrings that no dangerous attribute (href, src, on*, style, …) may ever contain. */
export const XSS_MARKERS = ['__xss', 'xss-canary'] as const;
/** A plain word in several payloads, so a search finds them and shows them as snippets. */
export const XSS_SEARCH_WORD = 'xsscorpus';

export type XssKind =
  | 'html'
  | 'markdown-link'
  | 'svg-mathml'
  | 'entities'
  | 'katex'
  | 'code'
  | 'breakout';

export interface XssPayload {
  id: number;
  kind: XssKind;
  text: string;
}

const run = (id: number) => `__xss(${id})`;
const url = (id: number) => `${CANARY_ORIGIN}${CANARY_PATH}${id}`;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const w = XSS_SEARCH_WORD;

const entries: [XssKind, (id: number) => string][] = [
  // Raw HTML and event handlers.
  ['html', (i) => `${w} <script>${run(i)}</script>`],
  ['html', (i) => `<img src="${url(i)}" onerror="${run(i)}">`],
  ['html', (i) => `<svg onload="${run(i)}">`],
  ['html', (i) => `<iframe src="javascript:${run(i)}"></iframe>`],
  ['html', (i) => `<iframe srcdoc="<script>parent.${run(i)}</script>"></iframe>`],
  ['html', (i) => `<body onload=${run(i)}>`],
  ['html', (i) => `<details open ontoggle=${run(i)}>x</details>`],
  ['html', (i) => `<input autofocus onfocus=${run(i)}>`],
  ['html', (i) => `<video><source src="${url(i)}" onerror="${run(i)}"></video>`],
  ['html', (i) => `<object data="javascript:${run(i)}"></object>`],
  ['html', (i) => `<embed src="javascript:${run(i)}">`],
  ['html', (i) => `<a href="javascript:${run(i)}">html link ${i}</a>`],
  ['html', (i) => `<form action="javascript:${run(i)}"><button>go ${i}</button></form>`],
  ['html', (i) => `<meta http-equiv="refresh" content="0;url=javascript:${run(i)}">`],
  ['html', (i) => `<style>@import '${url(i)}';</style>`],
  ['html', (i) => `<div style="background:url(${url(i)})">bg ${i}</div>`],
  ['html', (i) => `<marquee onstart=${run(i)}>m</marquee>`],
  ['html', (i) => `<scr<script>ipt>${run(i)}</scr</script>ipt>`],
  ['html', (i) => `<<script>${run(i)}//<</script>`],
  ['html', (i) => `<img src=x:alert(${i}) onerror=eval(src)>`],
  ['html', (i) => `<base href="javascript:${run(i)}//">`],
  ['html', (i) => `<!--<img src="--><img src="${url(i)}" onerror="${run(i)}">-->`],
  // Links, images and autolinks in Markdown.
  ['markdown-link', (i) => `[inline ${i}](javascript:${run(i)})`],
  ['markdown-link', (i) => `[mixed case ${i}](JaVaScRiPt:${run(i)})`],
  ['markdown-link', (i) => `[entity ${i}](java&#x73;cript:${run(i)})`],
  ['markdown-link', (i) => `[colon entity ${i}](javascript&colon;${run(i)})`],
  [
    'markdown-link',
    (i) => `[data ${i}](data:text/html;base64,${b64(`<script>parent.${run(i)}</script>`)})`,
  ],
  ['markdown-link', (i) => `![image ${i}](javascript:${run(i)})`],
  ['markdown-link', (i) => `![tracking pixel ${i}](${url(i)} "pixel")`],
  ['markdown-link', (i) => `<javascript:${run(i)}>`],
  ['markdown-link', (i) => `${w} [reference ${i}][evil${i}]\n\n[evil${i}]: javascript:${run(i)}`],
  ['markdown-link', (i) => `![reference image ${i}][img${i}]\n\n[img${i}]: ${url(i)}`],
  ['markdown-link', (i) => `[vbscript ${i}](vbscript:${run(i)})`],
  [
    'markdown-link',
    (i) => `[svg data ${i}](data:image/svg+xml;base64,${b64(`<svg onload="${run(i)}"/>`)})`,
  ],
  ['markdown-link', (i) => `[decimal entity ${i}](&#106;avascript:${run(i)})`],
  ['markdown-link', (i) => `[newline ${i}](javascript://%0a${run(i)})`],
  ['markdown-link', (i) => `www.example.com/${i}"onmouseover="${run(i)}`],
  ['markdown-link', (i) => `https://example.com/?q="><script>${run(i)}</script>`],
  // SVG and MathML.
  ['svg-mathml', (i) => `<svg><script>${run(i)}</script></svg>`],
  [
    'svg-mathml',
    (i) => `<svg><a xlink:href="javascript:${run(i)}"><text y="20">svg link ${i}</text></a></svg>`,
  ],
  [
    'svg-mathml',
    (i) => `<math><mtext><table><mglyph><style><img src="${url(i)}" onerror="${run(i)}">`,
  ],
  ['svg-mathml', (i) => `<math href="javascript:${run(i)}">math ${i}</math>`],
  ['svg-mathml', (i) => `<svg><animate onbegin=${run(i)} attributeName=x dur=1s>`],
  [
    'svg-mathml',
    (i) => `<noscript><p title="</noscript><img src='${url(i)}' onerror='${run(i)}'>"></noscript>`,
  ],
  // Entity encodings (must stay text once decoded).
  ['entities', (i) => `&lt;img src=x onerror=${run(i)}&gt;`],
  ['entities', (i) => `&#60;script&#62;${run(i)}&#60;/script&#62;`],
  ['entities', (i) => `\\u003cscript\\u003e${run(i)}\\u003c/script\\u003e`],
  ['entities', (i) => `%3Cscript%3E${run(i)}%3C/script%3E`],
  // KaTeX commands that can make links or HTML when `trust` is on.
  ['katex', (i) => `$$\\href{javascript:${run(i)}}{katex link ${i}}$$`],
  ['katex', (i) => `$$\\htmlClass{x}{a}\\htmlStyle{background:url(${url(i)})}{b}$$`],
  ['katex', (i) => `$$\\url{javascript:${run(i)}}$$`],
  ['katex', (i) => `$$\\htmlId{x" onclick="${run(i)}}{y}$$`],
  ['katex', (i) => `$$\\htmlData{onmouseover=${run(i)}}{z}$$`],
  ['katex', (i) => `$$\\includegraphics{${url(i)}}$$`],
  // HTML inside code.
  ['code', (i) => `\`\`\`html\n<script>${run(i)}</script>\n\`\`\``],
  ['code', (i) => `\`\`\`\n<img src="${url(i)}" onerror="${run(i)}">\n\`\`\``],
  ['code', (i) => `\`<svg onload=${run(i)}>\``],
  ['code', (i) => `\`\`\`js\n</code></pre><script>${run(i)}</script>\n\`\`\``],
  // Breaking out of attributes, JS strings and inline <script> data (titles, RSC payload).
  ['breakout', (i) => `${w} "><img src="${url(i)}" onerror="${run(i)}">`],
  ['breakout', (i) => `'-${run(i)}-'`],
  ['breakout', (i) => `</script><script>${run(i)}</script>`],
  ['breakout', (i) => `</title><script>${run(i)}</script>`],
];

export const XSS_PAYLOADS: readonly XssPayload[] = entries.map(([kind, make], index) => ({
  id: index + 1,
  kind,
  text: make(index + 1),
}));

/** Every payload in one Markdown text, each its own block. */
export function xssDocument(payloads: readonly XssPayload[] = XSS_PAYLOADS): string {
  return payloads.map((p) => p.text).join('\n\n');
}

/** Short payloads for one-line places (titles, file names, tool names). */
export function xssLines(maxLength = 200): string[] {
  return XSS_PAYLOADS.map((p) => p.text.replace(/\n+/g, ' ')).filter((t) => t.length <= maxLength);
}

/**
 * What in a DOM would let a payload act: event-handler attributes, script-capable URLs, elements
 * that load or embed content, attributes that carry a marker, and scripts whose code is a
 * payload. Self-contained (Playwright sends it into the page), so it takes the markers as input.
 * Returns one line per problem; empty means clean.
 */
export function dangerousDom(root: ParentNode, markers: readonly string[]): string[] {
  const problems: string[] = [];
  const urlAttributes = [
    'href',
    'src',
    'srcset',
    'srcdoc',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
    'ping',
    'style',
  ];
  const embedding = ['iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'applet'];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    const where = `<${tag}>`;
    if (embedding.includes(tag)) problems.push(`${where} element`);
    if (tag === 'meta' && element.hasAttribute('http-equiv')) problems.push(`${where} http-equiv`);
    if (tag === 'script' && /^\s*(parent\.)?(__xss|alert)\(/.test(element.textContent ?? '')) {
      problems.push(`${where} with payload code`);
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) problems.push(`${where} ${name}="${value.slice(0, 60)}"`);
      if (!urlAttributes.includes(name)) continue;
      // Browsers ignore control characters and spaces inside a scheme.
      const compact = Array.from(value)
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (
        /^(javascript|vbscript|data):/.test(compact) ||
        /url\(\s*['"]?javascript:/.test(compact)
      ) {
        problems.push(`${where} ${name}="${value.slice(0, 60)}"`);
      }
      // A plain http(s) link the user may click is fine; anything loaded by itself is not.
      const followedOnClick = ['href', 'xlink:href', 'action', 'formaction', 'ping'];
      if (
        markers.some((marker) => value.includes(marker)) &&
        !(followedOnClick.includes(name) && /^https?:/.test(compact))
      ) {
        problems.push(`${where} ${name} carries a marker: "${value.slice(0, 60)}"`);
      }
    }
  }
  return problems;
}
