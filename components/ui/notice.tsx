type Tone = 'info' | 'success' | 'error';

const tones: Record<Tone, string> = {
  info: 'bg-sky-50 text-sky-900 border-sky-200',
  success: 'bg-brand-50 text-brand-800 border-brand-100',
  error: 'bg-red-50 text-red-800 border-red-200',
};

export function Notice({ tone = 'info', children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
