// What an upstream error body says, whatever its shape. Servers in the wild answer errors as
// OpenAI's {"error":{message,type,code}}, a bare string ({"error":"model 'x' not found"}),
// vLLM's {"object":"error",message,type,code}, {"type":"error","error":{type,message}},
// a JSON array [{"error":{code,message,status}}], FastAPI's {"detail": string | [{msg,loc}]},
// an HTML page from a proxy, plain text, or nothing at all.

export interface ErrorDetail {
  /** The provider's own words, when it gave any (raw: sanitise before showing). */
  message: string | null;
  /** Machine-readable hints, lower-cased, joined: code, type, status ("rate_limit_exceeded insufficient_quota"). */
  hints: string;
  /** The body was an HTML page (a proxy or gateway answered, not the API). */
  html: boolean;
  /** The message is the raw body text, not a field of a JSON error. */
  plain: boolean;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isObject(v: unknown): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function str(v: unknown): string | null {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** FastAPI validation errors: [{loc: ["body", "messages", 0], msg: "field required"}]. */
function detailList(list: Json[]): string | null {
  const parts = list.flatMap((item) => {
    if (!isObject(item)) return str(item) ? [str(item) as string] : [];
    const msg = str(item.msg) ?? str(item.message);
    if (!msg) return [];
    const loc = Array.isArray(item.loc) ? item.loc.filter((p) => p !== 'body').join('.') : '';
    return [loc ? `${loc}: ${msg}` : msg];
  });
  return parts.length > 0 ? parts.slice(0, 3).join('; ') : null;
}

function fromObject(o: Record<string, Json>, hints: string[]): string | null {
  for (const key of ['code', 'type', 'status', 'error_code', 'reason']) {
    const hint = str(o[key]);
    // `type: "error"` (the envelope's own type) says nothing.
    if (hint && hint !== 'error') hints.push(hint);
  }
  const error = o.error;
  if (typeof error === 'string') return str(error);
  if (isObject(error)) {
    const inner = fromObject(error, hints);
    if (inner) return inner;
  }
  if (Array.isArray(o.errors)) {
    for (const e of o.errors) if (isObject(e)) return fromObject(e, hints);
  }
  const detail = o.detail;
  if (typeof detail === 'string') return str(detail);
  if (Array.isArray(detail)) return detailList(detail);
  if (isObject(detail)) return fromObject(detail, hints);
  return str(o.message) ?? str(o.msg) ?? str(o.error_description);
}

function cutJson(text: string): string | null {
  const found = /"(?:message|msg|detail|error)"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text);
  if (!found?.[1]) return null;
  try {
    return str(JSON.parse(found[1]));
  } catch {
    return null;
  }
}

const HTML = /^\s*(?:<!doctype\s+html|<html|<head|<body|<\?xml|<center|<h1|<title)/i;

export function errorDetail(body: string): ErrorDetail {
  const text = body.trim();
  if (text === '') return { message: null, hints: '', html: false, plain: false };
  if (HTML.test(text) || /<\/(?:html|body|title|h1|center)>/i.test(text)) {
    return { message: null, hints: '', html: true, plain: false };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // JSON cut off by the read limit: its first message field, if one arrived whole.
    if (text.startsWith('{') || text.startsWith('[')) {
      return { message: cutJson(text), hints: '', html: false, plain: false };
    }
    return { message: text, hints: '', html: false, plain: true };
  }
  const hints: string[] = [];
  let message: string | null = null;
  if (Array.isArray(parsed)) {
    for (const item of parsed) {
      if (isObject(item)) {
        message = fromObject(item, hints);
        if (message) break;
      }
    }
  } else if (isObject(parsed)) {
    message = fromObject(parsed, hints);
  } else {
    message = str(parsed);
  }
  return { message, hints: hints.join(' ').toLowerCase(), html: false, plain: false };
}
