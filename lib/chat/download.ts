// Saving an export the server sends as an attachment. Fetched (not a plain link) so a failure can
// be reported in the page instead of downloading an error body as a file.

/** The file name in a Content-Disposition header: `filename*` (RFC 8187) wins over `filename`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = header.match(/filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i);
  if (extended?.[2]) {
    try {
      return sanitize(decodeURIComponent(extended[2].trim()));
    } catch {
      // Malformed percent-encoding: fall back to the plain name.
    }
  }
  const plain = header.match(/filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? sanitize(name) : null;
}

function sanitize(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

export class DownloadError extends Error {}

/** Fetches `url` and hands the body to the browser as a download named by the server. */
export async function download(url: string, fallbackName: string): Promise<string> {
  const res = await fetch(url, { headers: { accept: 'application/json, text/markdown' } });
  if (!res.ok) {
    let message = `The server answered HTTP ${res.status}.`;
    try {
      const body = (await res.json()) as { error?: { message?: string } };
      message = body.error?.message ?? message;
    } catch {
      // Keep the generic message.
    }
    throw new DownloadError(message);
  }
  const name = filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
