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
