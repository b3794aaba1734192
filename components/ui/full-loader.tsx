/** A full-height loader for pages that wait on one request (token login, logout). */
export function FullLoader({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden />
      <span className="text-muted">{label}</span>
    </div>
  );
}
