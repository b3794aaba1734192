'use client';
import { useState } from 'react';

/** Plain controlled values of a dialog, and whether they differ from what was loaded. */
export function useFields<T extends Record<string, string | boolean>>(initial: T) {
  const [values, setValues] = useState(initial);
  const dirty = Object.keys(initial).some((k) => initial[k] !== values[k]);
  const set = (name: keyof T, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  return { values, set, dirty };
}

/** SPEC §5: number inputs accept only digits. */
export const digits = (v: string) => v.replace(/\D/g, '');
export const toInt = (v: string) => (v.trim() === '' ? null : Number(v));
/** Prices are öre in the API and whole kronor in the form. */
export const kronor = (ore: number | null) => (ore === null ? '' : String(Math.round(ore / 100)));
export const toOre = (v: string) => (v.trim() === '' ? null : Number(v) * 100);
