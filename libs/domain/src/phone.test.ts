import { nationalNumber, phoneLookupKey, phoneParts, toE164 } from './phone';

describe('phones in E.164', () => {
  it('puts the picked country in front of a national number, dropping a trunk 0', () => {
    expect(toE164('98765 43210', 'IN')).toBe('+919876543210');
    expect(toE164('09876543210', 'IN')).toBe('+919876543210');
    expect(toE164('0803 123 4567', 'NG')).toBe('+2348031234567');
    expect(toE164('612345678', 'ES')).toBe('+34612345678');
    expect(toE164('(202) 555-0142', 'us')).toBe('+12025550142');
  });

  it('keeps the country of a number typed with + or 00, whatever was picked', () => {
    expect(toE164('+44 7700 900123', 'IN')).toBe('+447700900123');
    expect(toE164('00919876543210', 'US')).toBe('+919876543210');
  });

  it('refuses a digit count the country does not have, letters and unknown countries', () => {
    expect(toE164('987654321', 'IN')).toBeNull();
    expect(toE164('98765432101', 'IN')).toBeNull();
    expect(toE164('98765abc10', 'IN')).toBeNull();
    expect(toE164('+8612345678901', 'IN')).toBeNull();
    expect(toE164('9876543210', 'XX')).toBeNull();
  });

  it('looks up numbers stored before the rules by their prefixed digits', () => {
    expect(phoneLookupKey('123456', 'IN')).toBe('+91123456');
    expect(phoneLookupKey('9876543210', 'IN')).toBe('+919876543210');
  });

  it('shows the national number', () => {
    expect(nationalNumber('+919876543210')).toBe('9876543210');
    expect(nationalNumber('+12025550142')).toBe('2025550142');
    expect(nationalNumber('9876543210')).toBe('9876543210');
  });
});

it('splits an E.164 number into the country and national number a form shows', () => {
  expect(phoneParts('+2348031234567')).toEqual({ region: 'NG', national: '8031234567' });
  expect(phoneParts('9876543210')).toBeNull();
});
