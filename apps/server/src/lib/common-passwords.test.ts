import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it.each(['password', 'Password1!', '!qwerty123', 'Dragon!!', 'iloveyou.'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );
  it.each(['Correct-horse-1!', 'blue tangerine 42!', 'N0t-in-any-list#7'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
