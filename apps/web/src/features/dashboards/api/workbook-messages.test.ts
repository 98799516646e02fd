import { describe, expect, it } from 'vitest';
import { readWorkbookMessage } from './workbook-messages';

function frameWithWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  return frame;
}

describe('readWorkbookMessage', () => {
  it('accepts a known event from our frame at the expected origin', () => {
    const frame = frameWithWindow();
    const event = new MessageEvent('message', {
      data: { type: 'workbook:pageheight:onchange', pageHeight: 900 },
      origin: 'https://app.sigmacomputing.com',
      source: frame.contentWindow,
    });
    expect(readWorkbookMessage(event, frame, 'https://app.sigmacomputing.com')).toEqual({
      type: 'workbook:pageheight:onchange',
      pageHeight: 900,
    });
  });

  it('ignores another origin, another window and unknown shapes', () => {
    const frame = frameWithWindow();
    const other = frameWithWindow();
    const base = { data: { type: 'workbook:loaded' }, source: frame.contentWindow };
    expect(
      readWorkbookMessage(
        new MessageEvent('message', { ...base, origin: 'https://evil.test' }),
        frame,
        'https://app.sigmacomputing.com',
      ),
    ).toBeNull();
    expect(
      readWorkbookMessage(
        new MessageEvent('message', {
          ...base,
          source: other.contentWindow,
          origin: 'https://app.sigmacomputing.com',
        }),
        frame,
        'https://app.sigmacomputing.com',
      ),
    ).toBeNull();
    expect(
      readWorkbookMessage(
        new MessageEvent('message', {
          data: { type: 'workbook:pageheight:onchange', pageHeight: 'tall' },
          source: frame.contentWindow,
          origin: 'https://app.sigmacomputing.com',
        }),
        frame,
        'https://app.sigmacomputing.com',
      ),
    ).toBeNull();
  });
});
