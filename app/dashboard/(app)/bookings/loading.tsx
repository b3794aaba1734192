// Painted with the shell while the list is read.
export { ListSkeleton as default } from '@/components/ui/list-skeleton';
