import { describe, expect, it } from 'vitest';
import { tokenFailureTarget, tokenLandingTarget } from '@/lib/rules/token-redirect';

describe('tokenLandingTarget (SPEC §2 token login landing)', () => {
  it('pathname wins: /{pathname}', () => {
    expect(tokenLandingTarget({ pathname: 'cottages/12', conversationId: '4' })).toBe('/cottages/12');
    expect(tokenLandingTarget({ pathname: '/profile' })).toBe('/profile');
  });
  it('conversationId and bookingId lead to the booking with the payment-return query', () => {
    expect(tokenLandingTarget({ conversationId: '4', bookingId: '9', transaction: 'success' })).toBe('/conversations/4/bookings/9?transaction=success');
    expect(tokenLandingTarget({ conversationId: '4', bookingId: '9', transaction: 'failed', errorCode: '001001', errorMessage: 'Insufficient funds' })).toBe(
      '/conversations/4/bookings/9?transaction=failed&errorCode=001001&errorMessage=Insufficient+funds',
    );
  });
  it('conversationId alone leads to the conversation', () => {
    expect(tokenLandingTarget({ conversationId: '4' })).toBe('/conversations/4');
  });
  it('orderId leads to the receipt', () => {
    expect(tokenLandingTarget({ orderId: '77' })).toBe('/orders/77');
  });
  it('otherwise /', () => {
    expect(tokenLandingTarget({})).toBe('/');
  });
  it('ignores unsafe values', () => {
    expect(tokenLandingTarget({ pathname: '//evil.example' })).toBe('/');
    expect(tokenLandingTarget({ pathname: '//evil' })).toBe('/evil');
    expect(tokenLandingTarget({ pathname: 'https://evil.example' })).toBe('/');
    expect(tokenLandingTarget({ conversationId: '4x' })).toBe('/');
    expect(tokenLandingTarget({ orderId: '../1' })).toBe('/');
  });
});

describe('tokenFailureTarget', () => {
  it('an invalid token goes to login with next', () => {
    expect(tokenFailureTarget({ conversationId: '4' })).toBe('/login?next=/conversations/4');
    expect(tokenFailureTarget({ conversationId: '4', bookingId: '9', transaction: 'success' })).toBe('/login?next=/conversations/4/bookings/9');
    expect(tokenFailureTarget({})).toBe('/login');
  });
});
