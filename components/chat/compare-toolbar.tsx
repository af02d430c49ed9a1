'use client';
import { type ReactNode, Suspense } from 'react';
import type { ModelsResponse } from '@/lib/chat/api-types';
import type { ModelChoice } from '@/lib/queries/models';

// Compare mode's button and picker: a chunk of its own, loaded after the page.
import { CompareControls } from './compare/lazy';

/** The message box's model controls with Compare before them. */
export function CompareToolbar(props: {
  list: ModelsResponse | undefined;
  value: ModelChoice[];
  onChange(value: ModelChoice[]): void;
  children: ReactNode;
}) {
  return (
    // On a narrow box the model chip gives Compare its room.
    <div className="flex min-w-0 items-center [&_select]:max-w-24 @md:[&_select]:max-w-56">
      <Suspense fallback={null}>
        <CompareControls list={props.list} value={props.value} onChange={props.onChange} />
      </Suspense>
      {props.children}
    </div>
  );
}
