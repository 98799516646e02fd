import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { OtpInput } from './otp-input';

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <span id="code-label">Code</span>
      <OtpInput
        id="code"
        label="Code"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

describe('OtpInput', () => {
  it('shows six boxes in two groups of three and advances while typing', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    expect(
      screen.getByRole('group', { name: 'Code' }).querySelectorAll('[aria-hidden]'),
    ).toHaveLength(1);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('123');
    expect(boxes[3]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('123');
    await userEvent.keyboard('{Backspace}');
    expect(boxes[2]).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('12');
  });

  it('fills every box from a pasted code', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getAllByRole('textbox')[0] as HTMLElement);
    await userEvent.paste('987 654');
    expect(onChange).toHaveBeenLastCalledWith('987654');
    expect(screen.getAllByRole('textbox').map((box) => (box as HTMLInputElement).value)).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
    ]);
  });
});

describe('OtpInput autofill', () => {
  it('spreads a whole code entered into the first box', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const first = screen.getAllByRole('textbox')[0] as HTMLInputElement;
    fireEvent.change(first, { target: { value: '246810' } });
    expect(onChange).toHaveBeenLastCalledWith('246810');
  });
});
