'use client';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt';

type Props = {
  cottageId: number;
  title: string;
  size?: 'medium' | 'wide';
  dirty: boolean;
  saving: boolean;
  onSave?: () => void;
  children: React.ReactNode;
};

const widths = { medium: 'w-[min(94vw,560px)]', wide: 'w-[min(96vw,1100px)]' };

/** One editor step as a dialog over the editor page; closing it returns to /cottages/{id}. */
export function StepDialog({ cottageId, title, size = 'medium', dirty, saving, onSave, children }: Props) {
  const t = useTranslations('cottage');
  const tCommon = useTranslations('common');
  const router = useRouter();
  const close = () => router.push(`/dashboard/cottages/${cottageId}`);
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl ${widths[size]}`}
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-6 py-4">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close aria-label={t('close')} className="rounded-md p-2 hover:bg-gray-100">
              ✕
            </RadixDialog.Close>
          </div>
          <form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              onSave?.();
            }}
          >
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
            {onSave ? (
              <div className="flex justify-end gap-3 border-t border-gray-200 px-6 py-4">
                <Button variant="secondary" onClick={close}>
                  {tCommon('cancel')}
                </Button>
                <Button type="submit" disabled={saving}>
                  {tCommon('save')}
                </Button>
              </div>
            ) : null}
          </form>
          <UnsavedChangesPrompt when={dirty && !saving} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
