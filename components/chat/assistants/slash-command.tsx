'use client';
import type { ReactNode } from 'react';
import { onDemand } from '@/components/ui/on-demand';

// The composer's "/" command for a new chat: the menu loads on demand when "/" is typed.

const menu = onDemand(() => import('./slash-menu').then((m) => m.SlashMenu), 'Assistants');

/** What the composer shows above its box for `text`: the menu while it is "/name". */
export function slashCommand(text: string, setText: (text: string) => void): ReactNode {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  return <menu.Component query={text.slice(1)} onDone={() => setText('')} />;
}
