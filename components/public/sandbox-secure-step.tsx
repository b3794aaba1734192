import { Button } from '@/components/ui/button';

/** The 3-D Secure step of a sandbox card page (MangoPay's and Stripe's): the holder's bank asks to confirm. */
export function SandboxSecureStep({
  title,
  text,
  approve,
  refuse,
  busy,
  onAnswer,
}: {
  title: string;
  text: string;
  approve: string;
  refuse: string;
  busy: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4" data-testid="secure-step">
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm">{text}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => onAnswer(true)} disabled={busy}>
          {approve}
        </Button>
        <Button variant="secondary" onClick={() => onAnswer(false)} disabled={busy}>
          {refuse}
        </Button>
      </div>
    </div>
  );
}
