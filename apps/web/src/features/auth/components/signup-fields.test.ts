import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { SignupInputSchema } from '@partner-portal/shared/identity';
import { signupFields } from './signup-fields';

describe('signupFields', () => {
  it('limits each field as the schema the server checks does', () => {
    const fields = signupFields(((key: string) => key) as unknown as TFunction);
    const { shape } = SignupInputSchema;
    expect(fields.first_name?.maxLength).toBe(shape.first_name.maxLength);
    expect(fields.last_name?.maxLength).toBe(shape.last_name.maxLength);
    expect(fields.password?.minLength).toBe(shape.password.minLength);
    expect(fields.password?.maxLength).toBe(shape.password.maxLength);
    expect(shape.password.maxLength).toBeGreaterThan(0);
  });
});
