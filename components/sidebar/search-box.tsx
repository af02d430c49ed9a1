'use client';
import { useRef } from 'react';
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';
import { MAX_SEARCH_QUERY_LENGTH } from '@/lib/chat/search-text';
import { SearchIcon } from './icons';

export const SEARCH_INPUT_ID = 'history-search';

/** The search field, named "Search conversations"; Escape clears it. */
export function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, onChange);
  return (
    <search className="relative block">
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        Search conversations
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-zinc-500" />
      <input
        ref={ref}
        id={SEARCH_INPUT_ID}
        type="search"
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value !== '') {
            // Clearing is this Escape's job; the drawer stays open.
            e.preventDefault();
            onChange('');
          }
        }}
        className="w-full rounded-md border border-zinc-300 bg-white py-1.5 pr-2 pl-8 text-sm placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
    </search>
  );
}
