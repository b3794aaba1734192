import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A registered input that keeps only what `clean` leaves of what is typed (SPEC §5: number inputs accept only digits). */
export function filtered<R extends UseFormRegisterReturn>(registration: R, clean: (value: string) => string): R {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const cleaned = clean(event.target.value);
      if (cleaned !== event.target.value) event.target.value = cleaned;
      return registration.onChange(event);
    },
  };
}

export const digits = (v: string) => v.replace(/\D/g, '');
export const toInt = (v: string) => (v.trim() === '' ? null : Number(v));
/** Prices are öre in the API and whole kronor in the form. */
export const kronor = (ore: number | null) => (ore === null ? '' : String(Math.round(ore / 100)));
export const toOre = (v: string) => (v.trim() === '' ? null : Number(v) * 100);
