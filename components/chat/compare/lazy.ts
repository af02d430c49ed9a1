'use client';
import { lazy } from 'react';

// The two parts of compare mode the chat screen renders, from the one chunk of ./index.ts.
const chunk = () => import('./index');
export const CompareControls = lazy(() => chunk().then((m) => ({ default: m.CompareControls })));
export const ComparisonTurn = lazy(() => chunk().then((m) => ({ default: m.ComparisonTurn })));
