// What a share holds, in the units a reader counts: questions asked and answers given. A turn
// with tool calls is several stored rows (assistant, tool results, assistant) but one answer.

export interface ExchangeCount {
  questions: number;
  answers: number;
}

export function countExchanges(roles: readonly string[]): ExchangeCount {
  let questions = 0;
  let answers = 0;
  let answered = true;
  for (const role of roles) {
    if (role === 'user') {
      questions++;
      answered = false;
    } else if (role === 'assistant' && !answered) {
      answers++;
      answered = true;
    }
  }
  return { questions, answers };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 questions and 2 answers", "1 question and 1 answer". */
export function describeExchanges({ questions, answers }: ExchangeCount): string {
  return `${plural(questions, 'question')} and ${plural(answers, 'answer')}`;
}
