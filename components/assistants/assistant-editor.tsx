'use client';
import { type FormEvent, useId, useState } from 'react';
import { inputClass } from '@/components/account/auth-form';
import {
  buttonClass,
  mutedTextClass,
  primaryButtonClass,
  sectionTitleClass,
} from '@/components/ui/styles';
import { type Assistant, MAX_ASSISTANT_FILES } from '@/lib/chat/assistants';
import { useSaveAssistant } from '@/lib/queries/assistants';
import { useModels } from '@/lib/queries/models';
import { useTools } from '@/lib/queries/tools';
import { draftOf, emptyForm, type FormValues, formOf } from './draft';
import { FileList } from './file-list';

interface Props {
  /** The assistant edited; absent = a new one. */
  assistant?: Assistant;
  onDone(): void;
}

const label = 'text-sm font-medium';

/** Creates or edits one of the user's assistants. */
export function AssistantEditor({ assistant, onDone }: Props) {
  const id = useId();
  const [form, setForm] = useState<FormValues>(() => (assistant ? formOf(assistant) : emptyForm()));
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = useSaveAssistant();
  const models = useModels().data?.models ?? [];
  const tools = useTools().data?.tools ?? [];
  const field = (name: string) => `${id}-${name}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: assistant?.id, draft: draftOf(form) }, { onSuccess: onDone });
  };
  const toolOn = (name: string) => form.tools === null || form.tools.includes(name);
  const toggleTool = (name: string, on: boolean) => {
    const current = tools.map((t) => t.name).filter(toolOn);
    set('tools', on ? [...current, name] : current.filter((n) => n !== name));
  };

  return (
    <form
      onSubmit={submit}
      aria-label={assistant ? `Edit ${assistant.name}` : 'New assistant'}
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <div className="flex flex-col gap-1">
          <label htmlFor={field('name')} className={label}>
            Name
          </label>
          <input
            id={field('name')}
            required
            maxLength={80}
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={field('avatar')} className={label}>
            Emoji
          </label>
          <input
            id={field('avatar')}
            maxLength={16}
            value={form.avatar}
            placeholder="🙂"
            onChange={(e) => set('avatar', e.target.value)}
            className={inputClass}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={field('description')} className={label}>
          Description
        </label>
        <input
          id={field('description')}
          maxLength={500}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={field('prompt')} className={label}>
          System prompt
        </label>
        <textarea
          id={field('prompt')}
          required
          rows={6}
          maxLength={20_000}
          value={form.systemPrompt}
          onChange={(e) => set('systemPrompt', e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={field('model')} className={label}>
            Model
          </label>
          <select
            id={field('model')}
            value={form.model}
            onChange={(e) => set('model', e.target.value)}
            className={inputClass}
          >
            <option value="">The default model</option>
            {models.map((m) => (
              <option key={`${m.provider}/${m.id}`} value={`${m.provider}/${m.id}`}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={field('effort')} className={label}>
            Reasoning effort
          </label>
          <select
            id={field('effort')}
            value={form.reasoningEffort}
            onChange={(e) =>
              set('reasoningEffort', e.target.value as FormValues['reasoningEffort'])
            }
            className={inputClass}
          >
            <option value="">The model’s default</option>
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </select>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ['temperature', 'Temperature', '0', '2', '0.1'],
            ['topP', 'Top P', '0', '1', '0.05'],
            ['maxTokens', 'Max tokens', '1', '1000000', '1'],
          ] as const
        ).map(([key, text, min, max, step]) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={field(key)} className={label}>
              {text}
            </label>
            <input
              id={field(key)}
              type="number"
              inputMode="decimal"
              min={min}
              max={max}
              step={step}
              placeholder="Default"
              value={form[key]}
              onChange={(e) => set(key, e.target.value)}
              className={inputClass}
            />
          </div>
        ))}
      </div>
      {tools.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className={sectionTitleClass}>Tools it may use</legend>
          {tools.map((t) => (
            <label key={t.name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={toolOn(t.name)}
                onChange={(e) => toggleTool(t.name, e.target.checked)}
              />
              {t.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FileList
        files={form.files}
        max={MAX_ASSISTANT_FILES}
        onChange={(files) => set('files', files)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className={sectionTitleClass}>Starters</legend>
        <p className={mutedTextClass}>Shown on its empty chat; a click sends one.</p>
        {form.starters.map((s, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: four fixed slots
            key={i}
            aria-label={`Starter ${i + 1}`}
            maxLength={300}
            value={s}
            onChange={(e) =>
              set(
                'starters',
                form.starters.map((old, j) => (j === i ? e.target.value : old)),
              )
            }
            className={inputClass}
          />
        ))}
      </fieldset>
      {save.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {save.error.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {assistant ? 'Save' : 'Create assistant'}
        </button>
        <button type="button" onClick={onDone} className={buttonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
