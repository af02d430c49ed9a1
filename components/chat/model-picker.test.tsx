// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelOption, ModelsResponse } from '@/lib/chat/api-types';
import { ModelPicker } from './model-picker';

afterEach(cleanup);

const model = (provider: string, id: string): ModelOption => ({
  id,
  label: id,
  provider,
  contextWindow: 8192,
  reasoningEffort: false,
  vision: false,
});

const list: ModelsResponse = {
  providers: [
    { name: 'default', label: 'Default', error: null },
    { name: 'router', label: 'OpenRouter', error: null },
    { name: 'down', label: 'Down', error: 'Could not list' },
  ],
  models: [model('default', 'gpt-4o-mini'), model('router', 'openai/gpt-4o-mini')],
  defaultProvider: 'default',
  defaultModel: 'gpt-4o-mini',
  attachmentLimits: { maxFiles: 8, maxFileBytes: 4 << 20, maxTotalBytes: 16 << 20 },
  demo: false,
};

describe('ModelPicker', () => {
  it('is a select named "Model", grouped by provider, showing the current model', () => {
    render(
      <ModelPicker
        list={list}
        isError={false}
        value={list.models[0] ?? null}
        placeholder="x"
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    expect(select.value).toBe('default/gpt-4o-mini');
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ['Default', ['gpt-4o-mini']],
      ['OpenRouter', ['openai/gpt-4o-mini']],
      ['Down', ['Unavailable']],
    ]);
  });

  it('reports the provider and a model id that contains slashes', () => {
    const onChange = vi.fn();
    render(
      <ModelPicker
        list={list}
        isError={false}
        value={list.models[0] ?? null}
        placeholder="x"
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Model' }), {
      target: { value: 'router/openai/gpt-4o-mini' },
    });
    expect(onChange).toHaveBeenCalledWith({ provider: 'router', model: 'openai/gpt-4o-mini' });
  });

  it('stays disabled with a placeholder until the list arrives', () => {
    render(
      <ModelPicker
        list={undefined}
        isError={false}
        value={null}
        placeholder="gpt-4o-mini"
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.textContent).toBe('gpt-4o-mini…');
  });
});
