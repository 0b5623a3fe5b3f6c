import { TextInput, type TextInputProps } from '@mantine/core';

/** Applies the spec's mask +7 (###) ###-##-## to whatever digits were typed. */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('8') || digits.startsWith('7')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return input.trim().startsWith('+') ? '+7' : '';
  let result = `+7 (${digits.slice(0, 3)}`;
  if (digits.length >= 3) result += ')';
  if (digits.length > 3) result += ` ${digits.slice(3, 6)}`;
  if (digits.length > 6) result += `-${digits.slice(6, 8)}`;
  if (digits.length > 8) result += `-${digits.slice(8, 10)}`;
  return result;
}

export function PhoneInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 (999) 000 00 00"
      value={value}
      onChange={(event) => onChange(maskPhone(event.currentTarget.value))}
      {...props}
    />
  );
}
