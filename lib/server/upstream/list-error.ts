import 'server-only';

/** GET /models answered with an error status: what it said, for the chat's error mapping. */
export class ModelListError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: Headers,
  ) {
    super(`GET /models answered HTTP ${status}`);
    this.name = 'ModelListError';
  }
}
