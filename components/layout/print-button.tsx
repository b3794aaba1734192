'use client';
import Printer from 'lucide-react/icons/printer';
import { Button } from '@/components/ui/button';

/** Prints the page (its print stylesheet hides the menu and the controls). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button type="button" variant="secondary" onClick={() => window.print()}>
      <Printer className="mr-2 inline size-4 align-[-3px]" aria-hidden />
      {label}
    </Button>
  );
}
