import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '@/e2e/support/attachment-fixtures';
import { describeAttachments } from './attachments';
import { demoPlan } from './reply';

describe('the demo model and attachments', () => {
  it("describes an image's type, pixels and size and a text file's first lines", () => {
    const url = `data:image/png;base64,${PNG_1X1.toString('base64')}`;
    const text = describeAttachments([
      { type: 'text', text: 'What are these?' },
      { type: 'text', text: 'Attached image: dot.png' },
      { type: 'image_url', image_url: { url } },
      { type: 'text', text: 'Attached file: a.txt\n\none\ntwo\nthree\nfour\nfive\nsix' },
    ]);
    expect(text).toBe(
      [
        'You attached:',
        '',
        '- image **dot.png**: `image/png`, 1×1 pixels, 70 B',
        '- file **a.txt** starts with:',
        '',
        '    one',
        '    two',
        '    three',
        '    four',
        '    five',
      ].join('\n'),
    );
  });

  it('answers a message with attachments with that description', () => {
    const plan = demoPlan(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'text', text: 'Attached file: x.md\n\n# Title' },
          ],
        },
      ],
      [],
    );
    expect(plan.kind === 'text' && plan.text).toContain('You said: *“hi”*');
    expect(plan.kind === 'text' && plan.text).toContain(
      '- file **x.md** starts with:\n\n    # Title',
    );
  });
});
