'use client';
import { createContext, use } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import type { EditorDialog } from './dialogs';
import { StepDialog } from './step-dialog';

const Opening = createContext<{ cottageId: number; dialog: EditorDialog } | null>(null);
const WIDE: readonly EditorDialog[] = ['amenities', 'pricing', 'calendar', 'images', 'sync', 'rules'];

/**
 * The step's dialog, open with its title, while the step's code (its form, react-hook-form, the
 * calendar) loads: the dialog's page does not load them with the editor (the JS budget), and a
 * closed <dialog> would show nothing at first paint anyway. Escape or the close button leave as the
 * step's own dialog does.
 */
function StepSkeleton() {
  const opening = use(Opening);
  const t = useTranslations();
  if (!opening) return null;
  return (
    <StepDialog cottageId={opening.cottageId} title={t(`cottage.step_${opening.dialog}`)} size={WIDE.includes(opening.dialog) ? 'wide' : 'medium'} dirty={false} saving={false}>
      <div className="h-72 animate-pulse rounded-md bg-gray-100" aria-busy="true" data-testid="step-skeleton">
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    </StepDialog>
  );
}

// Each dialog's code loads only when its route is opened, after the page (never in its first load).
const BaseStep = dynamic(() => import('./steps-simple').then((m) => m.BaseStep), { ssr: false, loading: StepSkeleton });
const TextStep = dynamic(() => import('./steps-simple').then((m) => m.TextStep), { ssr: false, loading: StepSkeleton });
const PricingStep = dynamic(() => import('./steps-simple').then((m) => m.PricingStep), { ssr: false, loading: StepSkeleton });
const PositionStep = dynamic(() => import('./steps-place').then((m) => m.PositionStep), { ssr: false, loading: StepSkeleton });
const LocationStep = dynamic(() => import('./steps-place').then((m) => m.LocationStep), { ssr: false, loading: StepSkeleton });
const AmenitiesStep = dynamic(() => import('./steps-place').then((m) => m.AmenitiesStep), { ssr: false, loading: StepSkeleton });
const CalendarStep = dynamic(() => import('./calendar-step').then((m) => m.CalendarStep), { ssr: false, loading: StepSkeleton });
const ImagesStep = dynamic(() => import('./images-step').then((m) => m.ImagesStep), { ssr: false, loading: StepSkeleton });
const VerifyStep = dynamic(() => import('./verify-step').then((m) => m.VerifyStep), { ssr: false, loading: StepSkeleton });
const SyncStep = dynamic(() => import('./sync-step').then((m) => m.SyncStep), { ssr: false, loading: StepSkeleton });
const RulesStep = dynamic(() => import('./rules-step').then((m) => m.RulesStep), { ssr: false, loading: StepSkeleton });

export function StepLoader({
  dialog,
  cottage,
  tags,
  hasValidBooking,
  mapsKey,
}: {
  dialog: EditorDialog;
  cottage: Cottage;
  tags: { id: number; tag: string }[];
  hasValidBooking: boolean;
  mapsKey: string | null;
}) {
  return (
    <Opening value={{ cottageId: cottage.id, dialog }}>
      <Step dialog={dialog} cottage={cottage} tags={tags} hasValidBooking={hasValidBooking} mapsKey={mapsKey} />
    </Opening>
  );
}

function Step({ dialog, cottage, tags, hasValidBooking, mapsKey }: Parameters<typeof StepLoader>[0]) {
  switch (dialog) {
    case 'base':
      return <BaseStep cottage={cottage} />;
    case 'text':
      return <TextStep cottage={cottage} />;
    case 'position':
      return <PositionStep cottage={cottage} mapsKey={mapsKey} />;
    case 'location':
      return <LocationStep cottage={cottage} allTags={tags} />;
    case 'amenities':
      return <AmenitiesStep cottage={cottage} />;
    case 'pricing':
      return <PricingStep cottage={cottage} />;
    case 'calendar':
      return <CalendarStep cottage={cottage} />;
    case 'images':
      return <ImagesStep cottage={cottage} />;
    case 'verify':
      return <VerifyStep cottage={cottage} hasValidBooking={hasValidBooking} />;
    case 'sync':
      return <SyncStep cottage={cottage} />;
    case 'rules':
      return <RulesStep cottage={cottage} />;
  }
}
