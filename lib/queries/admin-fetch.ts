import type { z } from 'zod';
import { ApiError } from './fetch-json';

// The admin page's one way to the server: JSON in, the answer parsed with its schema (a server
// that answers something else is an error in words, not a broken page), errors as ApiError with
// the server's sentence, whether it sends `{ error: "…" }` or `{ error: { code, message } }`.

type ErrorBody = { error?: string | { code?: string; message?: string } };

async function failure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  const error = body?.error;
  if (typeof error === 'string') return new ApiError(res.status, 'http_error', error);
  return new ApiError(
    res.status,
    error?.code ?? 'http_error',
    error?.message ?? `The server answered HTTP ${res.status}.`,
  );
}

export async function adminRequest(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init?.headers,
    },
  });
  if (!res.ok) throw await failure(res);
  return res;
}

export async function adminJson<S extends z.ZodType>(
  schema: S,
  url: string,
  init?: RequestInit,
): Promise<z.infer<S>> {
  const res = await adminRequest(url, init);
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      'bad_answer',
      'The server sent an answer this page cannot read.',
    );
  }
  return parsed.data;
}
