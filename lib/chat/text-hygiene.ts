// Text from outside (request bodies, imported files, file names, model output) made safe to keep
// and to show. Pure; shared by the server and the browser.

// C0 controls but tab, newline and carriage return; DEL; C1 controls. NUL is refused apart.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a label they can
// make a title or file name read as something else ("gpj.exe" shown as "exe.jpg").
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Half of a surrogate pair without its other half: not a character, and not valid UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Lone surrogates become U+FFFD, as UTF-8 encoders (and so the database) would make them. */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/** Free text (a message, a prompt): control characters but tab and newlines dropped, well formed. */
export function cleanText(text: string): string {
  const clean = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return wellFormed(clean.replace(CONTROLS, ''));
}

/**
 * A label (a title, a file name): one line, no control or bidi characters, spaces collapsed.
 * Applied where labels are saved, and again where an old one is shown.
 */
export function cleanLabel(text: string): string {
  return wellFormed(text.replace(BIDI_CONTROLS, '').replace(ANY_CONTROL, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
