// Painted with the shell while the list is read (in a group of its own: a receipt that is not found still answers 404).
export { ListSkeleton as default } from '@/components/ui/list-skeleton';
