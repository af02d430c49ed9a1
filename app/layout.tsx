import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/sidebar/app-shell';
import { requestOrigin } from '@/lib/server/share/origin';
import { THEME_SCRIPT } from '@/lib/theme';
import { inter } from './fonts';
import { Providers } from './providers';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  return {
    // Absolute URLs for link previews on every page, error pages included (Next warns otherwise).
    metadataBase: requestOrigin(await headers()),
    title: { default: 'Parley', template: '%s · Parley' },
    description: 'A self-hostable chat app for any OpenAI-compatible model.',
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // proxy.ts's per-request CSP nonce; reading it also keeps every page (not-found too) dynamic,
  // which a nonce needs.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    // The head script sets the theme class before paint, so the server's <html> differs on purpose.
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <Providers>
          <AppShell>{children}</AppShell>
        </Providers>
      </body>
    </html>
  );
}
