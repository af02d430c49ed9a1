// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { blankMessage } from '@/lib/chat/blank-message';
import { columnStore, comparisonKey } from '@/lib/store/comparison-store';
import { columnTiming } from './column-timing';
import { ComparisonColumnView } from './comparison-column';

afterEach(cleanup);

// A model that pauses after its first words (or whose first words come in one piece) sends no
// more updates for a while: the column must show its time to the first token all the same.
it('shows the time to the first token after the one update that brought the first text', () => {
  const key = comparisonKey('cmp-1', 0);
  columnTiming.start(key);
  columnStore(key)
    .actions()
    .turnBegan(null, [
      blankMessage({ id: 'a-1', role: 'assistant', status: 'streaming', content: 'tok1 tok2' }),
    ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ComparisonColumnView
        conversationId="conv-1"
        comparisonId="cmp-1"
        column={{ slot: 0, provider: 'p', model: 'mock-model', messages: [] }}
        label="mock-model"
        busy={false}
        panelId="panel-0"
        onKeep={() => {}}
      />
    </QueryClientProvider>,
  );
  expect(
    screen.getByRole('region', { name: 'Answer of mock-model' }).getAttribute('data-state'),
  ).toBe('streaming');
  expect(screen.getByTestId('column-timing').textContent).toMatch(/^first token \d+\.\d s/);
});
