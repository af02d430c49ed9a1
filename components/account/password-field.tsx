'use client';
import { inputClass } from './auth-form';

/** A labelled password input; `hint` is shown under it and tied to it for screen readers. */
export function PasswordField(props: {
  id: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  autoFocus?: boolean;
}) {
  const { id, name, label, autoComplete, hint, autoFocus } = props;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="password"
        required
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: the only field of a page that exists to fill it
        autoFocus={autoFocus}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A form's outcome: an error (alert) or what happened (status). */
export function FormMessage({
  id,
  error,
  done,
}: {
  id: string;
  error: string | null;
  done?: string | null;
}) {
  if (error) {
    return (
      <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-300">
        {error}
      </p>
    );
  }
  return done ? (
    <p id={id} role="status" className="text-sm text-green-800 dark:text-green-300">
      {done}
    </p>
  ) : null;
}
