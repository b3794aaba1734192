import { ListSkeleton } from '@/components/ui/list-skeleton';

/** Painted with the shell while the list is read. */
export default function Loading() {
  return <ListSkeleton />;
}
