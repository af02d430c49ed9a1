import { describe, expect, it } from 'vitest';
import { initialStreamState, type StreamState, step } from './accumulate';
import { endStream } from './end-stream';
import { endThink, scanThink, splitThink, THINK_START, type ThinkScan } from './think';

interface Fed {
  content: string;
  reasoning: string;
  /** Content and reasoning after every piece, before the end of the stream. */
  seen: Array<{ content: string; reasoning: string }>;
}

function feed(pieces: string[]): Fed {
  let scan: ThinkScan = THINK_START;
  let content = '';
  let reasoning = '';
  const seen: Fed['seen'] = [];
  for (const piece of pieces) {
    const out = scanThink(scan, piece);
    scan = out.scan;
    content += out.content;
    reasoning += out.reasoning;
    seen.push({ content, reasoning });
  }
  const end = endThink(scan);
  return { content: content + end.content, reasoning: reasoning + end.reasoning, seen };
}

/** Every way of cutting `text` into two pieces, plus one character at a time. */
function cuts(text: string): string[][] {
  const out: string[][] = [[text], [...text]];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

const CASES: Array<{ name: string; text: string; content: string; reasoning: string }> = [
  {
    name: 'a leading block is reasoning, trimmed; the answer loses its leading whitespace',
    text: '<think>\nThe user asks for 17 * 3.\n</think>\n\n17 × 3 = **51**.',
    content: '17 × 3 = **51**.',
    reasoning: 'The user asks for 17 * 3.',
  },
  {
    name: 'whitespace before the block is allowed',
    text: ' \n <think>hm</think>Yes',
    content: 'Yes',
    reasoning: 'hm',
  },
  {
    name: 'a block that never closes keeps what arrived as reasoning',
    text: '<think>\nStill thinking about it ',
    content: '',
    reasoning: 'Still thinking about it',
  },
  {
    name: 'a think tag after other text is ordinary text',
    text: 'Use <think>…</think> tags like this.',
    content: 'Use <think>…</think> tags like this.',
    reasoning: '',
  },
  {
    name: 'only the first block counts; a second one is answer text',
    text: '<think>a</think> <think>b</think>c',
    content: '<think>b</think>c',
    reasoning: 'a',
  },
  {
    name: 'a look-alike tag is ordinary text, its leading whitespace kept',
    text: '\n<thinking>no</thinking>',
    content: '\n<thinking>no</thinking>',
    reasoning: '',
  },
  {
    name: 'an answer of only whitespace stays',
    text: '  \n',
    content: '  \n',
    reasoning: '',
  },
  {
    name: 'a stream cut inside the opening tag is answer text',
    text: '<thin',
    content: '<thin',
    reasoning: '',
  },
  {
    name: 'a stream cut inside the closing tag keeps it with the reasoning',
    text: '<think>x y</thi',
    content: '',
    reasoning: 'x y</thi',
  },
  {
    name: 'an empty block',
    text: '<think></think>Hi',
    content: 'Hi',
    reasoning: '',
  },
  {
    name: 'a "<" inside the reasoning that is not a closing tag stays reasoning',
    text: '<think>a < b and </b> too</think>ok',
    content: 'ok',
    reasoning: 'a < b and </b> too',
  },
];

describe('scanThink', () => {
  for (const c of CASES) {
    it(`${c.name}, however the text is cut`, () => {
      for (const pieces of cuts(c.text)) {
        const fed = feed(pieces);
        const how = JSON.stringify(pieces);
        expect(fed.content, how).toBe(c.content);
        expect(fed.reasoning, how).toBe(c.reasoning);
        // Never shown, then taken back: every intermediate text is a prefix of the final one.
        for (const s of fed.seen) {
          expect(c.content.startsWith(s.content), `${how}: ${JSON.stringify(s)}`).toBe(true);
          expect(c.reasoning.startsWith(s.reasoning), `${how}: ${JSON.stringify(s)}`).toBe(true);
        }
      }
    });
  }

  it('splitThink splits a whole saved answer the same way', () => {
    for (const c of CASES) {
      expect(splitThink(c.text)).toEqual({ content: c.content, reasoning: c.reasoning });
    }
  });
});

describe('think blocks in the stream state', () => {
  const chunk = (content: string, extra: Record<string, unknown> = {}) => ({
    id: 'x',
    choices: [{ index: 0, delta: { content, ...extra }, finish_reason: null }],
  });

  function run(chunks: ReturnType<typeof chunk>[], state = initialStreamState()) {
    const normalized = [];
    let s: StreamState = state;
    for (const c of chunks) {
      const next = step(s, c);
      s = next.state;
      normalized.push(next.normalized);
    }
    const end = endStream(s);
    if (end.normalized) normalized.push(end.normalized);
    return { state: end.state, normalized };
  }

  it('puts the block in reasoning and emits it as reasoning_content', () => {
    const { state, normalized } = run([chunk('<th'), chunk('ink>Hmm.</th'), chunk('ink>\n\nOK')]);
    expect(state.choices[0]).toMatchObject({ content: 'OK', reasoning: 'Hmm.' });
    const deltas = normalized.map((n) => n.choices[0]?.delta);
    expect(deltas).toEqual([{}, { reasoning_content: 'Hmm.' }, { content: 'OK' }]);
  });

  it('adds block text after reasoning from a reasoning field', () => {
    const { state } = run([
      chunk('', { reasoning_content: 'First. ' }),
      chunk('<think>Second.</think>Answer'),
    ]);
    expect(state.choices[0]).toMatchObject({ content: 'Answer', reasoning: 'First. Second.' });
  });

  it('gives out held-back reasoning when the stream ends inside the block', () => {
    const { state, normalized } = run([chunk('<think>Half a thought '), chunk('\n</thi')]);
    expect(state.choices[0]).toMatchObject({ content: '', reasoning: 'Half a thought \n</thi' });
    expect(normalized.at(-1)?.choices[0]?.delta).toEqual({ reasoning_content: ' \n</thi' });
  });

  it('with thinkTags off (normalized input), content is taken as it is', () => {
    const { state } = run([chunk('<think>x</think>y')], initialStreamState({ thinkTags: false }));
    expect(state.choices[0]).toMatchObject({ content: '<think>x</think>y', reasoning: null });
  });

  it('keeps choices apart', () => {
    const both = {
      id: 'x',
      choices: [
        { index: 0, delta: { content: '<think>zero' }, finish_reason: null },
        { index: 1, delta: { content: 'one <think>' }, finish_reason: null },
      ],
    };
    const end = endStream(step(initialStreamState(), both).state).state;
    expect(end.choices.map((c) => [c.content, c.reasoning])).toEqual([
      ['', 'zero'],
      ['one <think>', null],
    ]);
  });
});
