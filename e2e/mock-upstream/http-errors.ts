// Error responses of the `http` scenario: the status, and the body shape a kind of server sends.
import { intParam, MockSpecError } from './marker';
import { errorBody } from './openai-shapes';
import type { Params, Plan } from './types';

const HTTP_ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: 'Invalid request (mock).', type: 'invalid_request_error', code: null },
  401: {
    message: 'Incorrect API key provided: sk-mock***. You can find your API key in your account.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  403: { message: 'You are not allowed to use this model.', type: 'permission_error', code: null },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: {
    message: 'Rate limit reached for requests. Please try again later.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: 'server_error',
  },
};

/** The body shapes real servers use for errors; `openai` is the default. */
const SHAPES = ['openai', 'string', 'object', 'typed', 'array', 'detail', 'html', 'text', 'empty'];

// What Ollama says in its `{"error": "..."}` string form.
const STRING_MESSAGES: Record<number, string> = {
  404: 'model "llama3.3" not found, try pulling it first',
  500: 'llama runner process has terminated: exit status 2',
};

const HTML_PAGE = (status: number) =>
  `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n`;

function shaped(
  shape: string,
  status: number,
  known: { message: string; type: string; code: string | null },
) {
  const json = (body: unknown) => ({ text: JSON.stringify(body), contentType: 'application/json' });
  switch (shape) {
    case 'string':
      return json({ error: STRING_MESSAGES[status] ?? known.message });
    case 'object':
      return json({
        object: 'error',
        message: known.message,
        type: known.type,
        param: null,
        code: status,
      });
    case 'typed':
      return json({ type: 'error', error: { type: known.type, message: known.message } });
    case 'array':
      return json([
        { error: { code: status, message: known.message, status: known.type.toUpperCase() } },
      ]);
    case 'detail':
      return json({ detail: known.message });
    case 'html':
      return { text: HTML_PAGE(status), contentType: 'text/html' };
    case 'text':
      return { text: known.message, contentType: 'text/plain; charset=utf-8' };
    case 'empty':
      return { text: '', contentType: 'text/plain' };
    default:
      return json(errorBody(known.message, known.type, known.code));
  }
}

export function httpError(params: Params): Plan {
  const status = intParam(params, 'status', 500, 400, 599);
  const shape = params.shape ?? 'openai';
  if (!SHAPES.includes(shape)) {
    throw new MockSpecError(`mock: shape must be one of ${SHAPES.join(', ')}`);
  }
  const known = HTTP_ERRORS[status] ?? {
    message: `Upstream error ${status} (mock).`,
    type: status >= 500 ? 'server_error' : 'invalid_request_error',
    code: null,
  };
  const headers: Record<string, string> =
    status === 429 ? { 'retry-after': String(intParam(params, 'retry', 7)) } : {};
  return { kind: 'error', status, raw: shaped(shape, status, known), headers };
}
