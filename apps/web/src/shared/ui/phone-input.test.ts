import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone-input';

describe('phone mask +7 (###) ###-##-##', () => {
  it('formats the digits as they are typed', () => {
    expect(maskPhone('9')).toBe('+7 (9');
    expect(maskPhone('999')).toBe('+7 (999)');
    expect(maskPhone('9990')).toBe('+7 (999) 0');
    expect(maskPhone('9990000')).toBe('+7 (999) 000-0');
    expect(maskPhone('9990000001')).toBe('+7 (999) 000-00-01');
  });

  it('drops a leading 8 or 7 and anything past ten digits', () => {
    expect(maskPhone('89990000001')).toBe('+7 (999) 000-00-01');
    expect(maskPhone('+7 (999) 000-00-0123')).toBe('+7 (999) 000-00-01');
  });

  it('leaves an empty field empty', () => {
    expect(maskPhone('')).toBe('');
  });
});
