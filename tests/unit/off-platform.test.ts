import { describe, expect, it } from 'vitest';
import { findOffPlatform, looksOffPlatform, stripOffPlatform } from '@/lib/rules/off-platform';
import { isArchived, messagePreview, messageTextError, showsContactWarning } from '@/lib/rules/conversation';

describe('off-platform detector', () => {
  it.each([
    'Mejla mig på karin.lindqvist@gmail.com',
    'karin at gmail dot com',
    'skriv till karin (at) hotmail.se',
    'Ring 070-123 45 67',
    'ring 0701234567 efter fem',
    'mitt nummer är +46 70 123 45 67',
    '0046701234567',
    '08-123 456 78',
    '031-12 34 56',
    'Betala med Swish så blir det billigare',
    'jag skickar ett SMS',
    'Vi kan köra via PayPal',
    'hör av dig på WhatsApp',
    'Messenger funkar också',
    'mitt bankkonto i Swedbank',
    'IBAN SE45 5000 0000 0583 9825 7466',
    'överför till Handelsbanken',
  ])('warns for %s', (text) => {
    expect(looksOffPlatform(text)).toBe(true);
  });

  it.each([
    'Vi kommer 2027-06-12 och åker 2027-06-19',
    'Vi är 4 vuxna och 2 barn',
    'Priset 5 500 kr per vecka låter bra',
    'Incheckning kl 15.00, utcheckning 11.00',
    'Finns det sängkläder? Vi tar med egna annars.',
    'Vägen heter Sjövägen 14, postnummer 762 91',
    'Vi ses den 12/6',
    'Sebastian och jag kommer',
    'Är bryggan smsäker?',
  ])('does not warn for %s', (text) => {
    expect(findOffPlatform(text)).toEqual([]);
  });

  it('names what matched and where', () => {
    expect(findOffPlatform('Ring 070-123 45 67 eller swisha')).toEqual([{ kind: 'phone', text: '070-123 45 67', index: 5 }]);
    expect(findOffPlatform('Swish: 070 123 45 67').map((m) => m.kind)).toEqual(['keyword', 'phone']);
  });

  it('Cancel strips exactly the matching text', () => {
    expect(stripOffPlatform('Hej! Ring mig på 070-123 45 67 så pratar vi.')).toBe('Hej! Ring mig på så pratar vi.');
    expect(stripOffPlatform('Mejla karin@example.se, tack')).toBe('Mejla, tack');
    expect(stripOffPlatform('Vi kommer 2027-06-12')).toBe('Vi kommer 2027-06-12');
  });
});

describe('conversation rules', () => {
  it('previews fold whitespace and stop at 240 characters', () => {
    expect(messagePreview('  Hej\n\nhur   mår du?  ')).toBe('Hej hur mår du?');
    const long = 'å'.repeat(300);
    const preview = messagePreview(long);
    expect([...preview]).toHaveLength(240);
    expect(preview.endsWith('…')).toBe(true);
    expect(messagePreview('x'.repeat(240))).toBe('x'.repeat(240));
    expect([...messagePreview('😀'.repeat(250))]).toHaveLength(240);
  });

  it('the contact warning follows SPEC §6', () => {
    const base = { commission: true, conversationBookings: 0, hostBookings18m: 0 };
    expect(showsContactWarning({ ...base, role: 'guest' })).toBe(true);
    expect(showsContactWarning({ ...base, role: 'guest', conversationBookings: 3 })).toBe(true);
    expect(showsContactWarning({ ...base, role: 'host' })).toBe(true);
    expect(showsContactWarning({ ...base, role: 'host', hostBookings18m: 1 })).toBe(true);
    expect(showsContactWarning({ ...base, role: 'host', hostBookings18m: 2 })).toBe(false);
    expect(showsContactWarning({ ...base, role: 'host', conversationBookings: 1 })).toBe(false);
    expect(showsContactWarning({ ...base, commission: false, role: 'guest' })).toBe(false);
  });

  it('messages are trimmed, not empty and at most 10 000 characters', () => {
    expect(messageTextError('   ')).toBe('empty');
    expect(messageTextError(` ${'a'.repeat(10_000)} `)).toBeNull();
    expect(messageTextError('a'.repeat(10_001))).toBe('tooLong');
  });

  it('archived means tag 3', () => {
    expect(isArchived([{ id: 1 }, { id: 3 }])).toBe(true);
    expect(isArchived([{ id: 2 }])).toBe(false);
  });
});
