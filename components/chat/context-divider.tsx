export const CONTEXT_DIVIDER_TEXT = "Earlier messages are outside the model's context";

/** Drawn before the first message the model was sent; everything above was left out (not lost). */
export function ContextDivider() {
  return (
    <div
      data-testid="context-divider"
      title="The model's context window had no room for older messages, so they were left out of the request. They are still saved here."
      className="flex items-center gap-3 text-xs text-zinc-600 dark:text-zinc-400"
    >
      <hr className="flex-1 border-zinc-300 dark:border-zinc-700" />
      <p>{CONTEXT_DIVIDER_TEXT}</p>
      <hr className="flex-1 border-zinc-300 dark:border-zinc-700" />
    </div>
  );
}
