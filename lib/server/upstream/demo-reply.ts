// What the offline demo model says. Pure, so it is easy to test and to extend (the tool-call
// issue teaches it to call the built-in tools).

export const DEMO_MODEL_ID = 'demo';
export const DEMO_MODEL_LABEL = 'Demo (offline)';

function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}…` : oneLine;
}

export function demoReply(lastUserMessage: string): string {
  const asked = quote(lastUserMessage);
  return [
    `You said: *“${asked}”*`,
    '',
    "I'm Parley's **offline demo model**: no AI provider is connected yet, so I can only show how",
    'the app works. Everything you see here went through the real pipeline: streamed as',
    '`chat.completion.chunk` events, parsed, saved to the database and rendered as markdown.',
    '',
    '| Try this | What it shows |',
    '| --- | --- |',
    '| Reload the page | the conversation is saved |',
    '| Press **Stop** while I type | partial answers are kept |',
    '',
    'To talk to a real model, set these before starting Parley:',
    '',
    '```bash',
    'OPENAI_BASE_URL=https://api.openai.com/v1   # or http://localhost:11434/v1 for Ollama',
    'OPENAI_API_KEY=sk-...',
    'CHAT_MODEL=gpt-4o-mini',
    '```',
  ].join('\n');
}

/** Splits text into word-sized tokens that concatenate back to exactly the input. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}
