'use client';
import dynamic from 'next/dynamic';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import type { EditorDialog } from './dialogs';

// Each dialog's code loads only when its route is opened.
const BaseStep = dynamic(() => import('./steps-simple').then((m) => m.BaseStep));
const TextStep = dynamic(() => import('./steps-simple').then((m) => m.TextStep));
const PricingStep = dynamic(() => import('./steps-simple').then((m) => m.PricingStep));
const PositionStep = dynamic(() => import('./steps-place').then((m) => m.PositionStep));
const LocationStep = dynamic(() => import('./steps-place').then((m) => m.LocationStep));
const AmenitiesStep = dynamic(() => import('./steps-place').then((m) => m.AmenitiesStep));
const CalendarStep = dynamic(() => import('./calendar-step').then((m) => m.CalendarStep));
const ImagesStep = dynamic(() => import('./images-step').then((m) => m.ImagesStep));
const VerifyStep = dynamic(() => import('./verify-step').then((m) => m.VerifyStep));

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
  }
}
