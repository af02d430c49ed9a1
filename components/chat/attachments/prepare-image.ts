'use client';

// Images are made smaller in the browser before upload: fewer bytes over the wire, to the
// database and to the model. Re-encoding through a canvas also drops every metadata block
// (EXIF, including GPS location); createImageBitmap applies the EXIF orientation first, so the
// picture keeps looking the way the camera meant it.

/** Longest side after downscaling; vision models tile or shrink anything larger anyway. */
export const MAX_IMAGE_SIDE = 2048;
const JPEG_QUALITY = 0.85;
/** PNG/WebP smaller than this and within MAX_IMAGE_SIDE go as they are (screenshots stay sharp). */
const KEEP_BELOW_BYTES = 1024 * 1024;

export interface PreparedFile {
  blob: Blob;
  name: string;
  /** Declared type of what is uploaded (the server sniffs the bytes anyway). */
  type: string;
}

function renamed(name: string, type: string): string {
  const ext = type === 'image/jpeg' ? 'jpg' : type.split('/')[1];
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: JPEG_QUALITY });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))),
      type,
      JPEG_QUALITY,
    ),
  );
}

function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * The file to upload: JPEGs always re-encoded (they carry EXIF), other still images when larger
 * than MAX_IMAGE_SIDE or 1 MB, GIFs as they are (re-encoding would lose the animation), and
 * anything that is not an image untouched.
 */
export async function prepareFile(file: File): Promise<PreparedFile> {
  const asIs = { blob: file, name: file.name || 'pasted', type: file.type };
  const still = ['image/jpeg', 'image/png', 'image/webp'].includes(file.type);
  if (!still || typeof createImageBitmap !== 'function') return asIs;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Not decodable here: the server decides what it is.
    return asIs;
  }
  try {
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    if (file.type !== 'image/jpeg' && scale === 1 && file.size < KEEP_BELOW_BYTES) return asIs;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(width, height);
    const context = canvas.getContext('2d') as
      | OffscreenCanvasRenderingContext2D
      | CanvasRenderingContext2D
      | null;
    if (!context) return asIs;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    // Photos as JPEG; images that may have transparency as WebP (PNG where WebP is not encoded).
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
    const blob = await encode(canvas, type);
    return { blob, name: renamed(asIs.name, blob.type), type: blob.type };
  } finally {
    bitmap.close();
  }
}
