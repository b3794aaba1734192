import { describe, expect, it } from 'vitest';
import { changePasswordForm, emailSchema, loginBody, resetPasswordForm } from '@/lib/schemas/auth';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('emailSchema', () => {
  it('trims and lowercases a valid address', () => {
    expect(emailSchema.parse('  Karin.Lindqvist@Example.SE ')).toBe('karin.lindqvist@example.se');
  });
  it("requires a value ('Måste fyllas i')", () => {
    expect(messages(emailSchema.safeParse(''))).toEqual([':validation.emailRequired']);
    expect(messages(emailSchema.safeParse(undefined))).toEqual([':validation.emailRequired']);
  });
  it("refuses what is not an address ('Fyll i en riktig e-postadress')", () => {
    for (const bad of ['karin', 'karin@', '@example.se', 'a b@example.se']) {
      expect(messages(emailSchema.safeParse(bad))).toEqual([':validation.emailInvalid']);
    }
  });
});

describe('loginBody', () => {
  it("requires the password ('Vänligen fyll i ditt lösenord')", () => {
    expect(messages(loginBody.safeParse({ username: 'a@b.se', password: '' }))).toEqual(['password:validation.passwordRequired']);
  });
});

describe('password forms', () => {
  it('needs at least 6 characters and a matching confirmation', () => {
    expect(messages(resetPasswordForm.safeParse({ password: '12345', confirm_password: '12345' }))).toContain('password:validation.passwordMin');
    expect(messages(resetPasswordForm.safeParse({ password: '123456', confirm_password: '123457' }))).toEqual(['confirm_password:validation.passwordMismatch']);
    expect(resetPasswordForm.safeParse({ password: '123456', confirm_password: '123456' }).success).toBe(true);
  });
  it('requires every field of the change form', () => {
    const result = messages(changePasswordForm.safeParse({ old_password: '', password: '', confirm_password: '' }));
    expect(result).toEqual(expect.arrayContaining(['old_password:validation.required', 'password:validation.required', 'confirm_password:validation.required']));
  });
});
