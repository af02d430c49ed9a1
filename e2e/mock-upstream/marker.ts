/**
 * Scenario selection grammar, shared by the chat marker and the `x-mock-scenario` header:
 *
 *   spec   := NAME (WS param)*
 *   param  := KEY '=' VALUE | KEY '=' '"' anything-but-quote '"' | KEY   (bare KEY means "1")
 *   marker := '[[mock:' spec ']]' | '[[mock@' MODEL ':' spec ']]'
 *
 * A marker naming a model applies only to requests for that model (and wins over a plain
 * marker there), so one question sent to several models (a comparison) gets a different
 * behaviour from each: `[[mock@fast:text tokens=50]] [[mock@slow:text rate=5]]`.
 * NAME and KEY are `[A-Za-z][A-Za-z0-9_-]*`; an unquoted VALUE runs until whitespace.
 */
import type { Params, ScenarioSpec } from './types';

export class MockSpecError extends Error {}

const MARKER = /\[\[mock:([\s\S]*?)\]\]/;
const MODEL_MARKERS = /\[\[mock@([^\s:\]]+):([\s\S]*?)\]\]/g;
const MARKERS = /\[\[mock(?::|@[^\s:\]]+:)[\s\S]*?\]\]/g;
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const PARAM = /\s*([A-Za-z][A-Za-z0-9_-]*)(?:=(?:"([^"]*)"|([^\s"]+)))?(?=\s|$)/y;

export function parseSpec(raw: string, source: ScenarioSpec['source']): ScenarioSpec {
  const text = raw.trim();
  const nameEnd = text.search(/\s|$/);
  const name = text.slice(0, nameEnd);
  if (!NAME.test(name)) {
    throw new MockSpecError(`mock: invalid scenario name in "${raw}"`);
  }
  const params: Record<string, string> = {};
  const rest = text.slice(nameEnd);
  PARAM.lastIndex = 0;
  while (PARAM.lastIndex < rest.length) {
    const start = PARAM.lastIndex;
    const m = PARAM.exec(rest);
    if (!m || m[0].length === 0) {
      throw new MockSpecError(`mock: cannot parse parameters "${rest.slice(start).trim()}"`);
    }
    const [, key = '', quoted, plain] = m;
    params[key] = quoted ?? plain ?? '1';
    if (rest.slice(PARAM.lastIndex).trim() === '') break;
  }
  return { name, params, source };
}

/**
 * The marker for `model` (`[[mock@model:...]]`) if there is one, else the first plain
 * `[[mock:...]]` marker in `text`, else null.
 */
export function findMarker(text: string, model?: string): ScenarioSpec | null {
  if (model !== undefined) {
    for (const m of text.matchAll(MODEL_MARKERS)) {
      if (m[1] === model) return parseSpec(m[2] ?? '', 'marker');
    }
  }
  const m = MARKER.exec(text);
  return m ? parseSpec(m[1] ?? '', 'marker') : null;
}

export function stripMarkers(text: string): string {
  return text.replace(MARKERS, '').trim();
}

/** Text of a message `content`: a string, or the `text` parts of a content-part array. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string'
        ? part.text
        : '',
    )
    .join('');
}

export interface ChatMessageLike {
  role: string;
  content: unknown;
}

export function messagesOf(body: unknown): ChatMessageLike[] {
  if (typeof body !== 'object' || body === null || !('messages' in body)) return [];
  const { messages } = body;
  if (!Array.isArray(messages)) return [];
  return messages.filter(
    (m: unknown): m is ChatMessageLike =>
      typeof m === 'object' && m !== null && 'role' in m && typeof m.role === 'string',
  );
}

export function lastUserText(body: unknown): string {
  const users = messagesOf(body).filter((m) => m.role === 'user');
  const last = users[users.length - 1];
  return last ? contentText(last.content) : '';
}

/** Marker in the last user message wins; else the header; else the default reply. */
export function selectScenario(body: unknown, header: string | undefined): ScenarioSpec {
  const model =
    typeof body === 'object' && body !== null && 'model' in body && typeof body.model === 'string'
      ? body.model
      : undefined;
  const fromMarker = findMarker(lastUserText(body), model);
  if (fromMarker) return fromMarker;
  if (header && header.trim() !== '') return parseSpec(header, 'header');
  return { name: 'default', params: {}, source: 'default' };
}

/** Reads an integer parameter, rejecting garbage so typos in tests fail loudly. */
export function intParam(
  params: Params,
  key: string,
  fallback: number,
  min = 0,
  max = 1e6,
): number {
  const raw = params[key];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new MockSpecError(`mock: parameter ${key}=${raw} must be an integer in [${min}, ${max}]`);
  }
  return value;
}

export function numberParam(params: Params, key: string, fallback: number, min = 0): number {
  const raw = params[key];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new MockSpecError(`mock: parameter ${key}=${raw} must be a number >= ${min}`);
  }
  return value;
}

export function flagParam(params: Params, key: string): boolean {
  const raw = params[key];
  return raw !== undefined && raw !== '0' && raw !== 'false';
}
