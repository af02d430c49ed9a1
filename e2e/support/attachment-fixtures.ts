import { deflateSync } from 'node:zlib';

// Small real files for attachment tests (integration and e2e).

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 GIF. */
export const GIF_1X1 = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** A one-page PDF whose text is "Hello PDF world". */
export const PDF_HELLO = Buffer.from(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 44>>stream
BT /F1 18 Tf 10 100 Td (Hello PDF world) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF`);

/** An SVG that would run script if a browser rendered it inline. */
export const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>document.title="pwned"</script></svg>',
);

/** An HTML page that would run script if a browser rendered it inline. */
export const HTML_SCRIPT = Buffer.from('<!doctype html><script>document.title="pwned"</script>');

/**
 * A valid one-page PDF whose one content stream is `mb` MB of `operators` repeated, deflated.
 * With the default (drawing a line) it is a few hundred KB (about 2.4 KB per MB): cheap to send,
 * costly to parse, with no text in it.
 */
export function expandingPdf(mb: number, operators = '0 0 m 1 1 l S\n'): Buffer {
  const op = Buffer.from(operators);
  const raw = Buffer.alloc(mb * 1024 * 1024, ' ');
  for (let at = 0; at + op.length <= raw.length; at += op.length) op.copy(raw, at);
  const stream = deflateSync(raw, { level: 9 });
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  const add = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    size += bytes.length;
  };
  const object = (body: string | Buffer[]) => {
    offsets.push(size);
    add(`${offsets.length} 0 obj\n`);
    for (const piece of typeof body === 'string' ? [body] : body) add(piece);
    add('\nendobj\n');
  };
  add('%PDF-1.4\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  );
  object([
    Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
    stream,
    Buffer.from('\nendstream'),
  ]);
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = size;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
