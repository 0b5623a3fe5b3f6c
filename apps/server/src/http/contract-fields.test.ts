import {
  idSchema,
  optionalText,
  requiredIdSchema,
  requiredText,
  trimmedText,
} from '@portal/contract/validation';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** The first issue's message key of a value that does not pass, or the parsed value. */
function check(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { message: parsed.error.issues[0]?.message };
}

describe('the contract field schemas every request schema shares', () => {
  it('takes an id from text or a number, and says what is wrong with a bad one', () => {
    expect(check(idSchema, '42')).toEqual({ value: 42 });
    expect(check(idSchema, 7)).toEqual({ value: 7 });
    for (const bad of [undefined, '', 'abc', '0', '-3', '1.5', '9007199254740993']) {
      expect(check(idSchema, bad), bad).toEqual({ message: 'validation.invalid' });
    }
  });

  it('says "required" for a finance or booking query id that is missing or not a number', () => {
    expect(check(requiredIdSchema, '3')).toEqual({ value: 3 });
    expect(check(requiredIdSchema, undefined)).toEqual({ message: 'validation.required' });
    expect(check(requiredIdSchema, 'abc')).toEqual({ message: 'validation.required' });
    expect(check(requiredIdSchema, '0')).toEqual({ message: 'validation.invalid' });
    expect(check(requiredIdSchema, '1.5')).toEqual({ message: 'validation.invalid' });
  });

  it('trims a required text and refuses it empty or too long', () => {
    const name = requiredText(5);
    expect(check(name, '  Баня ')).toEqual({ value: 'Баня' });
    expect(check(name, '   ')).toEqual({ message: 'validation.required' });
    expect(check(name, undefined)).toEqual({ message: 'validation.required' });
    expect(check(name, 'шесть!')).toEqual({ message: 'validation.tooLong' });
  });

  it('lets an optional text be left out (then empty) and still bounds it', () => {
    const english = optionalText(5);
    expect(check(english, undefined)).toEqual({ value: '' });
    expect(check(english, ' Bath ')).toEqual({ value: 'Bath' });
    expect(check(english, 'toolong')).toEqual({ message: 'validation.tooLong' });
    const comment = trimmedText(5).optional();
    expect(check(comment, undefined)).toEqual({ value: undefined });
    expect(check(comment, '  ')).toEqual({ value: '' });
  });
});
