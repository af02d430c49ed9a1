import { createContext } from 'react';

/**
 * Offset (within the current block's text) of a code fence that is still being streamed, or null.
 * Code blocks starting at or after it are incomplete and stay unhighlighted.
 */
export const OpenFenceContext = createContext<number | null>(null);
