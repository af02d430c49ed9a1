import localFont from 'next/font/local';

// Inter (variable, weights 100–900), self-hosted from the pinned @fontsource-variable/inter
// package: next/font copies the file into the build and preloads it, and draws the text in a
// size-adjusted fallback (Arial's metrics scaled to Inter's) until it arrives, so the swap moves
// nothing. Only the Latin subset (48 KB): other scripts use the system font, and italics are
// the browser's slant of the upright face rather than another 50 KB file.
export const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
  fallback: ['ui-sans-serif', 'system-ui', 'sans-serif'],
});
