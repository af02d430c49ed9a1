import { describe, expect, it } from 'vitest';
import { checkAttachmentLimits } from './attachments';

const limits = { maxFiles: 2, maxFileBytes: 1024 * 1024, maxTotalBytes: 1536 * 1024 };

describe('checkAttachmentLimits', () => {
  it('accepts files within every limit', () => {
    expect(checkAttachmentLimits([{ name: 'a', size: 1 }], limits)).toBeNull();
  });

  it('names the limit that was broken', () => {
    const three = [1, 2, 3].map((i) => ({ name: `${i}`, size: 1 }));
    expect(checkAttachmentLimits(three, limits)).toEqual({
      limit: 'maxFiles',
      message: 'At most 2 files can be attached to one message.',
    });
    expect(checkAttachmentLimits([{ name: 'big.png', size: 2 * 1024 * 1024 }], limits)).toEqual({
      limit: 'maxFileBytes',
      message: '“big.png” is 2.0 MB; each file can be at most 1.0 MB.',
    });
    const heavy = [
      { name: 'a', size: 1024 * 1024 },
      { name: 'b', size: 1024 * 1024 },
    ];
    expect(checkAttachmentLimits(heavy, limits)).toEqual({
      limit: 'maxTotalBytes',
      message: 'These files add up to 2.0 MB; one message can carry at most 1.5 MB in total.',
    });
  });
});
