import { forwardRef, useId, type InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input with its error text, wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, id, className = '', ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded-md border bg-white px-3 py-2.5 text-base outline-none focus-within:ring-2 focus-within:ring-brand-600 ${error ? 'border-red-600' : 'border-gray-300'}`}
        {...props}
      />
      {/* The error line keeps its height, so that buttons below never move under the pointer. */}
      <p id={errorId} className="min-h-5 text-sm text-red-700" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  );
});
