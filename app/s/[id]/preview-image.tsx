import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ImageResponse } from 'next/og';
import { describeSnapshot } from '@/lib/server/share/snapshot';
import type { PublicShare } from '@/lib/share/types';
import { loadShare } from './load';

// The link-preview picture of a shared conversation (Open Graph and Twitter). The font ships in
// the repository (public/fonts/inter, OFL): nothing is fetched from the internet to draw it.

export const PREVIEW_SIZE = { width: 1200, height: 630 };
export const PREVIEW_ALT = 'Title and first question of a conversation shared from Parley';

const FONT_DIR = join(process.cwd(), 'public', 'fonts', 'inter');
const FONT_FILES = [
  ['inter-latin-400-normal.woff', 400],
  ['inter-latin-ext-400-normal.woff', 400],
  ['inter-latin-700-normal.woff', 700],
  ['inter-latin-ext-700-normal.woff', 700],
] as const;

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]> | null =
  null;

function loadFonts() {
  fonts ??= Promise.all(
    FONT_FILES.map(async ([file, weight]) => ({
      name: 'Inter',
      data: await readFile(join(FONT_DIR, file)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first question, unless the title already says it; then the start of the first answer. */
function subtitle(share: PublicShare): string {
  const question = describeSnapshot(share, 180);
  const title = normalize(share.title).replace(/…$/, '');
  if (!title || !normalize(question).startsWith(title)) return question;
  const answer = normalize(
    share.messages.find((m) => m.role === 'assistant' && m.content)?.content ?? '',
  );
  return answer ? clip(answer, 180) : '';
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export async function renderPreview(params: Promise<{ id: string }>): Promise<Response> {
  const share = await loadShare((await params).id);
  if (!share) return new Response('Not found', { status: 404 });
  const title = clip(share.title || 'Shared conversation', 90);
  const question = subtitle(share);
  const footer = [share.model, `Shared ${dateFormat.format(new Date(share.takenAt))}`]
    .filter(Boolean)
    .join(' · ');

  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        background: '#09090b',
        color: '#fafafa',
        fontFamily: 'Inter',
        // Long unbroken words (URLs, keys) must wrap rather than run off the card.
        wordBreak: 'break-word',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 32 }}>
        <div
          style={{
            display: 'flex',
            width: 44,
            height: 44,
            borderRadius: 12,
            background: '#fafafa',
            color: '#09090b',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 700,
          }}
        >
          P
        </div>
        <div style={{ display: 'flex', fontWeight: 700 }}>Parley</div>
        <div style={{ display: 'flex', color: '#a1a1aa', fontSize: 26 }}>shared conversation</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 28 }}>
        <div style={{ display: 'flex', fontSize: 64, fontWeight: 700, lineHeight: 1.15 }}>
          {title}
        </div>
        <div style={{ display: 'flex', fontSize: 30, color: '#d4d4d8', lineHeight: 1.4 }}>
          {question}
        </div>
      </div>
      <div style={{ display: 'flex', fontSize: 26, color: '#a1a1aa' }}>{footer}</div>
    </div>,
    { ...PREVIEW_SIZE, fonts: await loadFonts() },
  );
}
