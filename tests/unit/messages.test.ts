import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import sv from '@/messages/sv.json';
import { CRASH_TEXTS } from '@/lib/i18n/crash-texts';
import { translate } from '@/lib/i18n/messages';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!).sort();
}

describe('messages', () => {
  it('sv.json and en.json have the same keys', () => {
    expect(keys(sv).sort()).toEqual(keys(en).sort());
  });
  it('every message is non-empty and uses the same placeholders in both languages', () => {
    for (const key of keys(en)) {
      const a = translate('en', key);
      const b = translate('sv', key);
      expect(a, key).not.toBe('');
      expect(b, key).not.toBe('');
      expect(placeholders(b), key).toEqual(placeholders(a));
    }
  });
  it('keeps the spec texts exactly', () => {
    expect(en.errors.generic).toBe('Something went wrong, please try again!');
    expect(sv.errors.generic).toBe('Något gick fel, försök igen!');
    expect(sv.validation.emailRequired).toBe('Måste fyllas i');
    expect(sv.validation.emailInvalid).toBe('Fyll i en riktig e-postadress');
    expect(sv.validation.passwordRequired).toBe('Vänligen fyll i ditt lösenord');
    expect(en.errors.passwordMismatch).toBe('Password does not match');
    expect(sv.errors.passwordMismatch).toBe('Fel lösenord, försök igen');
    expect(en.todo.empty).toBe("You don't have any tasks in your todo list");
    expect(en.unsaved.text).toBe('You have unsaved changes on this page. Do you want to leave this page and discard your changes or stay on this page?');
    expect(en.crash.text).toBe('We have some application problems, please reload app or contact support if you see this message again.');
  });
  it('keeps the spec texts of ad payments, receipts and reviews exactly (SPEC §8)', () => {
    expect(en.order.pollTimeout).toBe('We\'re still confirming your payment. Invoice/bank methods can take a couple of minutes. Press "Try Again" to update the status.');
    expect(en.order.paymentFailed).toBe('Payment failed. Please try again.');
    expect(en.order.paymentExpired).toBe('Payment expired. Please try again.');
    expect(en.order.invoiceUnavailable).toBe('Invoicing is not available');
    expect(en.order.stripeNotInitialized).toBe('Stripe.js not initialized');
    expect(en.order.missingSession).toBe('Missing sessionId from /checkout response');
    expect(en.order.doneRenewed).toBe('Done! We have received your payment and your ad has been renewed.');
    expect(en.order.donePaid).toBe('Done! We have received your payment.');
    expect(en.order.doneInvoice).toBe('Done! We have received your order and will send you an invoice within 24 hours.');
    expect(en.order.doneRenewedFree).toBe('Done! Your ad is now renewed.');
    expect(en.order.doneCommission).toBe('Done! We will review your ad, normally within 24 hours.');
    expect(en.receipts.empty).toBe('No receipts were found');
    expect(en.review.alreadyReviewed).toBe('You have already left a review for this booking');
    expect(en.review.notAllowed).toBe('You are not allowed to leave a review for this ad');
    expect(en.review.textMin).toBe('Text length must be at least 10 characters long');
    expect(en.review.textMax).toBe('Text length must be less than 1000 characters long');
    expect(en.reviews.empty).toBe("You don't have any reviews yet");
    expect(en.reviews.modified).toBe('The review has been modified');
    expect(en.reviews.modifyFailed).toBe('The review could not be modified');
    expect(en.reviews.replyModified).toBe('The reply has been modified');
    expect(en.reviews.alreadyReviewed).toBe(en.review.alreadyReviewed);
    expect(en.reviews.notAllowed).toBe(en.review.notAllowed);
  });
  it('the crash screen outside the provider uses the same texts', () => {
    expect(CRASH_TEXTS.en).toEqual(en.crash);
    expect(CRASH_TEXTS.sv).toEqual(sv.crash);
  });
  it('translate fills placeholders and returns unknown keys as given', () => {
    expect(translate('en', 'errors.passwordChangeFailed', { error: 'x' })).toBe('The password could not be changed: x');
    expect(translate('sv', 'no.such.key')).toBe('no.such.key');
  });
});
