import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UserAvatar } from './avatar';

describe('UserAvatar', () => {
  it('shows the first letter of the name, uppercased, when there is no picture', () => {
    render(<UserAvatar name="olivia Owner" src={null} />);
    const avatar = screen.getByRole('img', { name: 'olivia Owner' });
    expect(avatar).toHaveTextContent(/^O$/);
  });

  it('ignores leading spaces in the name', () => {
    render(<UserAvatar name="  bruno" />);
    expect(screen.getByRole('img', { name: 'bruno' })).toHaveTextContent(/^B$/);
  });
});
