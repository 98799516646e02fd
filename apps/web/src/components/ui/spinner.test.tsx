import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces loading to screen readers, in the words given or by default', () => {
    render(
      <>
        <Spinner />
        <Spinner label="Verifying your e-mail" />
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual([
      'Loading…',
      'Verifying your e-mail',
    ]);
  });
});
