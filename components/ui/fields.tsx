import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, type InputHTMLAttributes } from 'react';

function FieldShell({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      <p id={`${id}-error`} className="min-h-5 text-sm text-red-700" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  );
}

const control = (error?: string) =>
  `min-w-0 max-w-full rounded-md border bg-white px-3 py-2.5 text-base outline-none focus-within:ring-2 focus-within:ring-brand-600 ${error ? 'border-red-600' : 'border-gray-300'}`;

export function SelectField({ label, error, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} className={control(error)} {...props}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A labelled text box; `aria-describedby` adds to its error line (a counter, a hint). */
export function TextAreaField({ label, error, 'aria-describedby': describedBy, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy ? `${id}-error ${describedBy}` : `${id}-error`} className={`${control(error)} min-h-28`} {...props} />
    </FieldShell>
  );
}

/** A labelled checkbox; with `error`, the box is marked invalid and the message follows it (announced). */
export function CheckboxField({ label, error, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className="py-1">
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" className="size-4 accent-brand-700" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
