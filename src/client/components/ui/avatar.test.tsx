import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';

describe('Avatar', () => {
  it('shows the initials until the image has loaded, then the image alone', () => {
    const { container } = render(<Avatar src="https://example.com/me.png" initials="DR" />);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('DR');
    const image = container.querySelector('img')!;
    expect(image.className).toContain('invisible');
    fireEvent.load(image);
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
    expect(image.className).not.toContain('invisible');
  });

  it('keeps the initials when there is no image', () => {
    const { container } = render(<Avatar initials="U" />);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('U');
    expect(container.querySelector('img')).toBeNull();
  });
});
