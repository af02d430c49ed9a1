// One HTTP request with headers fetch() will not send as given (Host above all), over a plain
// socket to the test server on 127.0.0.1.
import { request as httpRequest } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Every Set-Cookie line of the response. */
  cookies: string[];
}

export function rawRequest(
  port: number,
  input: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: input.method ?? 'GET',
        path: input.path,
        headers: input.headers,
        // Nothing is pooled: each request is its own connection, as from its own browser.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            cookies: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${input.path}: no answer in 30 s`)));
    req.end(input.body);
  });
}
