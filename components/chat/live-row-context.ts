'use client';
import { createContext } from 'react';

/**
 * Called by the streaming row after each of its commits (in the render's own task): the message
 * list measures the row and follows it there, before the frame (see MessageList).
 */
export const LiveRowCommitted = createContext<(() => void) | null>(null);
