export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-brand-800">
      <svg viewBox="0 0 24 24" className="size-7" aria-hidden>
        <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" fill="#b3412e" />
        <path d="M9 21v-6h6v6" fill="#fff" opacity=".9" />
      </svg>
      Stuga
    </span>
  );
}
