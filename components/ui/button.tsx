import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'text';

const styles: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-gray-300 disabled:text-gray-600',
  secondary: 'border border-brand-700 text-brand-700 bg-white hover:bg-brand-50 disabled:border-gray-300 disabled:text-gray-400',
  text: 'text-brand-700 hover:underline disabled:text-gray-400',
};

export function buttonClass(variant: Variant = 'primary', extra = '') {
  const padding = variant === 'text' ? 'py-1' : 'px-4 py-2.5';
  return `inline-flex items-center justify-center gap-2 rounded-md ${padding} text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${styles[variant]} ${extra}`;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
