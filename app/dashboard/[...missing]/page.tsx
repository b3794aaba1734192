import { notFound } from 'next/navigation';

// Any dashboard path no page answers: the Not found page.
export default function Missing() {
  notFound();
}
