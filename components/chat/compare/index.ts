// Everything compare mode needs in the browser, behind one dynamic import (one chunk list in the
// chat page's first-load JavaScript instead of one per part).
export { default as CompareControls } from './compare-controls';
export { default as ComparisonTurn } from './comparison-turn';
export { sendComparison } from './send-comparison';
export { stopComparisons } from './use-column-stream';
