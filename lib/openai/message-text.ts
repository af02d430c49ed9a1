// Flattens the text channels of one delta (or one whole message) into plain strings. Providers
// spread reasoning over several fields and sometimes repeat the same text in two of them, so
// this is the single place that decides which field counts.
import type { ContentPart, MessageFields, ReasoningDetail } from './types';

export interface MessageText {
  /** "" when the delta carries no content text. */
  content: string;
  /** "" when the delta carries no reasoning text. */
  reasoning: string;
  /** "" when the delta carries no refusal text. */
  refusal: string;
}

const EMPTY: MessageText = { content: '', reasoning: '', refusal: '' };

function thinkingText(thinking: ContentPart['thinking']): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  let out = '';
  for (const block of thinking) if (typeof block.text === 'string') out += block.text;
  return out;
}

function detailsText(details: ReasoningDetail[]): string {
  let out = '';
  for (const d of details) {
    if (typeof d.text === 'string') out += d.text;
    else if (typeof d.summary === 'string') out += d.summary;
  }
  return out;
}

export function extractMessageText(fields: MessageFields | null | undefined): MessageText {
  if (!fields) return EMPTY;
  let content = '';
  let partsReasoning = '';
  let refusal = typeof fields.refusal === 'string' ? fields.refusal : '';

  const raw = fields.content;
  if (typeof raw === 'string') {
    content = raw;
  } else if (Array.isArray(raw)) {
    for (const part of raw) {
      if (part.type === 'text' && typeof part.text === 'string') content += part.text;
      else if (part.type === 'thinking') partsReasoning += thinkingText(part.thinking);
      else if (part.type === 'refusal' && typeof part.refusal === 'string') refusal += part.refusal;
    }
  }

  // Aliases of one channel, in order of preference: the first non-empty one wins, so a
  // provider that mirrors the text into a second field is counted once.
  let reasoning = '';
  if (typeof fields.reasoning_content === 'string' && fields.reasoning_content !== '') {
    reasoning = fields.reasoning_content;
  } else if (typeof fields.reasoning === 'string' && fields.reasoning !== '') {
    reasoning = fields.reasoning;
  } else if (partsReasoning !== '') {
    reasoning = partsReasoning;
  } else if (Array.isArray(fields.reasoning_details)) {
    reasoning = detailsText(fields.reasoning_details);
  }

  if (content === '' && reasoning === '' && refusal === '') return EMPTY;
  return { content, reasoning, refusal };
}
