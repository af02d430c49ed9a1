'use client';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  MAX_SYSTEM_PROMPT_CHARS,
  type ModelSettings,
  REASONING_EFFORTS,
} from '@/lib/chat/model-settings';

interface Props {
  settings: ModelSettings;
  /** The current model takes a reasoning effort; otherwise the field is hidden (and kept). */
  reasoningEffort: boolean;
  modelLabel: string;
  /** Rejects with a message to show when the settings could not be saved. */
  onSave(settings: ModelSettings): Promise<void>;
  /** The dialog has closed (Cancel, Escape, or saved). */
  onClose(): void;
}

type Field = keyof ModelSettings;
type Form = Record<Field, string>;

const toForm = (s: ModelSettings): Form => ({
  systemPrompt: s.systemPrompt ?? '',
  temperature: s.temperature?.toString() ?? '',
  topP: s.topP?.toString() ?? '',
  maxTokens: s.maxTokens?.toString() ?? '',
  reasoningEffort: s.reasoningEffort ?? '',
});

// Empty = unset (the provider's default). Text that is not a number stays text, so the schema
// reports it as "must be a number" instead of it silently vanishing.
const num = (v: string): number | string | undefined =>
  v.trim() === '' ? undefined : Number.isNaN(Number(v)) ? v : Number(v);

function fromForm(f: Form): Record<string, unknown> {
  return {
    systemPrompt: f.systemPrompt.trim() ? f.systemPrompt : undefined,
    temperature: num(f.temperature),
    topP: num(f.topP),
    maxTokens: num(f.maxTokens),
    reasoningEffort: f.reasoningEffort || undefined,
  };
}

// zod is only needed to check a form: loaded when the dialog opens, so the chat page does not ship it.
const loadSchema = () =>
  import('@/lib/chat/model-settings-schema').then((module) => module.modelSettingsSchema);

const INPUT =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-500 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:aria-invalid:border-red-400';
const BUTTON =
  'rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800';

/**
 * The conversation settings dialog: system prompt, sampling and reasoning effort. Mounted by
 * SettingsButton while open (so each opening starts from the saved settings) and loaded on demand.
 */
export function SettingsDialog({ settings, reasoningEffort, modelLabel, onSave, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<Form>(() => toForm(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const uid = useId();
  const idOf = (f: Field) => `${uid}-${f}`;
  // Closing the native dialog returns focus to the button; its close event unmounts it.
  const close = () => ref.current?.close();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    void loadSchema();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events follow the component tree through the portal: keep the composer's form out.
    event.stopPropagation();
    const parsed = (await loadSchema()).safeParse(fromForm(form));
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = Object.keys(toForm({})).find((f) => next[f as Field]);
      if (first) document.getElementById(idOf(first as Field))?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(parsed.data);
      close();
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : 'The settings could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field) => ({
    id: idOf(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idOf(name)}-error` : `${idOf(name)}-hint`,
  });
  const update = (name: Field) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const hint = (name: Field, text: string) =>
    errors[name] ? (
      <p id={`${idOf(name)}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300">
        {errors[name]}
      </p>
    ) : (
      <p id={`${idOf(name)}-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {text}
      </p>
    );
  const label = (name: Field, text: string) => (
    <label htmlFor={idOf(name)} className="mb-1 block text-sm font-medium">
      {text}
    </label>
  );

  // The dialog goes to <body>: the button sits inside another form (the composer).
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={`${uid}-title`}
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-5">
        <div>
          <h2 id={`${uid}-title`} className="text-lg font-semibold">
            Conversation settings
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            For this conversation with {modelLabel}. Leave a field empty for the default.
          </p>
        </div>
        <div>
          {label('systemPrompt', 'System prompt')}
          <textarea
            {...field('systemPrompt')}
            rows={5}
            value={form.systemPrompt}
            onChange={update('systemPrompt')}
            className={`${INPUT} max-h-[40vh] resize-y`}
            placeholder="e.g. You are a concise assistant. Answer in French."
          />
          {hint(
            'systemPrompt',
            `Sent before the conversation with every request; never shown or shared as a message. ${form.systemPrompt.length.toLocaleString('en-US')} / ${MAX_SYSTEM_PROMPT_CHARS.toLocaleString('en-US')} characters.`,
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            {label('temperature', 'Temperature')}
            <input
              {...field('temperature')}
              type="number"
              inputMode="decimal"
              step="0.1"
              min={0}
              max={2}
              value={form.temperature}
              onChange={update('temperature')}
              className={INPUT}
            />
            {hint('temperature', '0–2; higher is more varied.')}
          </div>
          <div>
            {label('topP', 'Top P')}
            <input
              {...field('topP')}
              type="number"
              inputMode="decimal"
              step="0.05"
              min={0}
              max={1}
              value={form.topP}
              onChange={update('topP')}
              className={INPUT}
            />
            {hint('topP', '0–1.')}
          </div>
          <div>
            {label('maxTokens', 'Max tokens')}
            <input
              {...field('maxTokens')}
              type="number"
              inputMode="numeric"
              step="1"
              min={1}
              value={form.maxTokens}
              onChange={update('maxTokens')}
              className={INPUT}
            />
            {hint('maxTokens', 'Longest answer, in tokens.')}
          </div>
        </div>
        {reasoningEffort && (
          <div>
            {label('reasoningEffort', 'Reasoning effort')}
            <select
              {...field('reasoningEffort')}
              value={form.reasoningEffort}
              onChange={update('reasoningEffort')}
              className={INPUT}
            >
              <option value="">Default</option>
              {REASONING_EFFORTS.map((e) => (
                <option key={e} value={e}>
                  {e[0]?.toUpperCase()}
                  {e.slice(1)}
                </option>
              ))}
            </select>
            {hint('reasoningEffort', 'How long the model thinks before it answers.')}
          </div>
        )}
        {saveError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {saveError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={close} className={BUTTON}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={saving}
            className="rounded-lg bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
