import type { Config } from 'tailwindcss';

// The design tokens (type scale, fonts, spacing, reading width) live in app/globals.css's @theme.
export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
} satisfies Config;
