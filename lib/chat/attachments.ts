// Attachments as both sides see them: metadata only (the bytes stay on the server and are
// fetched through GET /api/attachments/[id]). Pure.

export type AttachmentKind = 'image' | 'text' | 'pdf';

export interface AttachmentMeta {
  id: string;
  /** As the user named it; hostile input, only ever rendered as text. */
  name: string;
  /** Sniffed from the bytes on the server. */
  mediaType: string;
  kind: AttachmentKind;
  size: number;
  width?: number | null;
  height?: number | null;
  /** Text files and PDFs: characters of extracted text. */
  chars?: number | null;
  /**
   * Text files and PDFs cut to fit the model's context window: how many characters of `chars`
   * the model was last sent (absent when it got all of them).
   */
  sentChars?: number | null;
}

export interface AttachmentLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Extensions read as text files (source code included); anything else must be an image or PDF. */
export const TEXT_EXTENSIONS = [
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'json',
  'jsonl',
  'yaml',
  'yml',
  'toml',
  'xml',
  'ini',
  'log',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'php',
  'swift',
  'sh',
  'bash',
  'sql',
  'html',
  'css',
  'scss',
  'vue',
  'svelte',
  'lua',
  'r',
  'pl',
  'ex',
  'exs',
  'hs',
  'scala',
  'dart',
  'tex',
] as const;

/** What the attach button's file picker offers. */
export const ACCEPT_ATTRIBUTE = [
  ...IMAGE_MEDIA_TYPES,
  'application/pdf',
  'text/*',
  ...TEXT_EXTENSIONS.map((ext) => `.${ext}`),
].join(',');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export type LimitProblem = {
  limit: 'maxFiles' | 'maxFileBytes' | 'maxTotalBytes';
  message: string;
};

/**
 * The first limit a set of files breaks, with a message naming it; null when they fit. Run in
 * the browser before uploading and on the server again when a message is sent.
 */
export function checkAttachmentLimits(
  files: readonly { name: string; size: number }[],
  limits: AttachmentLimits,
): LimitProblem | null {
  if (files.length > limits.maxFiles) {
    return {
      limit: 'maxFiles',
      message: `At most ${limits.maxFiles} files can be attached to one message.`,
    };
  }
  for (const file of files) {
    if (file.size > limits.maxFileBytes) {
      return {
        limit: 'maxFileBytes',
        message: `“${file.name}” is ${formatBytes(file.size)}; each file can be at most ${formatBytes(limits.maxFileBytes)}.`,
      };
    }
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > limits.maxTotalBytes) {
    return {
      limit: 'maxTotalBytes',
      message: `These files add up to ${formatBytes(total)}; one message can carry at most ${formatBytes(limits.maxTotalBytes)} in total.`,
    };
  }
  return null;
}

/** The authorized route that serves an attachment to its owner. */
export function attachmentUrl(id: string): string {
  return `/api/attachments/${encodeURIComponent(id)}`;
}

/**
 * The visible note on a text file or PDF whose text could not be read within the server's
 * limits (chars is null, not merely absent as on files saved before it was counted).
 */
export function unreadFileNote(a: Pick<AttachmentMeta, 'kind' | 'chars'>): string | null {
  if (a.kind === 'image' || a.chars !== null) return null;
  return 'Its text could not be read (too large or too slow to read), so the model gets only its name.';
}

/** The visible note on a file the model got only part of; null when it got all of it. */
export function trimmedFileNote(a: Pick<AttachmentMeta, 'chars' | 'sentChars'>): string | null {
  if (a.sentChars == null || a.chars == null || a.sentChars >= a.chars) return null;
  return `Trimmed to fit the model's context window: it was sent the first ${a.sentChars.toLocaleString('en-US')} of ${a.chars.toLocaleString('en-US')} characters.`;
}
