import { describe, expect, it } from 'vitest';
import { greetingFor, letterText } from './letter.ts';

describe('letterText', () => {
  it('puts a blank line between the greeting, each paragraph and the sign-off', () => {
    expect(letterText(greetingFor('Ada'), ['First line.', 'Second line.'], ['Last paragraph.'])).toBe(
      ['Hi Ada,', '', 'First line.', 'Second line.', '', 'Last paragraph.', '', 'The Voicecart team'].join(
        '\n',
      ),
    );
  });

  it('greets by first name, or with Hello when the account has none', () => {
    expect(greetingFor('Ada')).toBe('Hi Ada,');
    expect(greetingFor(null)).toBe('Hello,');
    expect(greetingFor('')).toBe('Hello,');
  });
});
