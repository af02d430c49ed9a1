import 'server-only';
import { ERROR_BODY_LIMIT } from './map-error';

/**
 * The start of an error response's body, at most `limit` bytes: enough for any error message,
 * and a misbehaving server cannot make Parley buffer an endless page. The rest is cancelled.
 */
export async function readErrorBody(res: Response, limit = ERROR_BODY_LIMIT): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      const part = value.subarray(0, limit - size);
      size += part.byteLength;
      text += decoder.decode(part, { stream: true });
    }
    return text + decoder.decode();
  } catch {
    // The connection dropped mid-body: what arrived still explains the error.
    return text;
  } finally {
    reader.cancel().catch(() => {});
  }
}
