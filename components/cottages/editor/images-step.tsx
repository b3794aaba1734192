'use client';
import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { putWithProgress } from '@/lib/api/upload';
import { IMAGE_MAX_BYTES, IMAGE_MIN_SIDE } from '@/lib/constants';
import { Button } from '@/components/ui/button';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { useSnackbar } from '@/components/layout/snackbar';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { Cottage, CottageImage, ImageUploadTicket as Ticket } from '@/lib/schemas/cottage-dto';
import { StepDialog } from './step-dialog';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';

type Progress = { name: string; percent: number };

/** SPEC §8: the two image messages stay 5 s and 10 s. */
const TYPE_NOTICE_MS = 5000;
const FILE_NOTICE_MS = 10000;

async function dimensionsOk(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    const ok = bitmap.width >= IMAGE_MIN_SIDE && bitmap.height >= IMAGE_MIN_SIDE;
    bitmap.close();
    return ok;
  } catch {
    return false;
  }
}

export function ImagesStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations();
  const snackbar = useSnackbar();
  const [images, setImages] = useState<CottageImage[]>(cottage.images);
  const [progress, setProgress] = useState<Progress[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CottageImage | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const base = `/cottages/${cottage.id}`;

  // Each file is checked and sent on its own; the ones that fail are named together at the end (SPEC §8).
  const uploadFiles = useApiMutation({
    mutationFn: async (files: File[]) => {
      const wrongType = files.filter((f) => !['image/jpeg', 'image/png'].includes(f.type));
      if (wrongType.length) snackbar(t('images.invalidType'), { durationMs: TYPE_NOTICE_MS });
      const candidates = files.filter((f) => !wrongType.includes(f));
      const invalid: string[] = [];
      setProgress(candidates.map((f) => ({ name: f.name, percent: 0 })));
      for (const file of candidates) {
        if (file.size >= IMAGE_MAX_BYTES || !(await dimensionsOk(file))) {
          invalid.push(file.name);
          continue;
        }
        try {
          const ticket = await api<Ticket>(`${base}/images/upload`, { body: { fileName: file.name } });
          await putWithProgress(ticket, file, (percent) => setProgress((list) => list.map((p) => (p.name === file.name ? { ...p, percent } : p))));
          const image = await api<CottageImage>(`${base}/images`, { body: { filename: ticket.filename } });
          setImages((list) => [...list, image]);
        } catch {
          invalid.push(file.name);
        }
      }
      setProgress([]);
      if (invalid.length) snackbar(t('images.invalidFile', { filenames: invalid.join(', ') }), { durationMs: FILE_NOTICE_MS });
    },
    refresh: true,
  });
  const upload = (files: File[]) => uploadFiles.mutate(files);

  const reorderImages = useApiMutation({
    mutationFn: (next: CottageImage[]) => api<CottageImage[]>(`${base}/images_reorder`, { method: 'PUT', body: { ids: next.map((i) => i.id) } }),
    refresh: true,
    onSuccess: setImages,
  });
  const reorder = (next: CottageImage[]) => {
    setImages(next);
    reorderImages.mutate(next);
  };

  const move = (index: number, delta: number) => {
    const target = index + delta;
    if (target < 0 || target >= images.length) return;
    const next = [...images];
    [next[index], next[target]] = [next[target]!, next[index]!];
    void reorder(next);
  };

  const comment = useApiMutation({
    mutationFn: ({ image, field, value }: { image: CottageImage; field: 'comment_sv' | 'comment_en' | 'comment_de'; value: string }) =>
      api<CottageImage>(`${base}/images/${image.id}`, {
        method: 'PUT',
        body: { comment_sv: image.comment_sv, comment_en: image.comment_en, comment_de: image.comment_de, [field]: value.trim() || null },
      }),
    onSuccess: (updated) => setImages((list) => list.map((i) => (i.id === updated.id ? updated : i))),
  });
  const saveComment = (image: CottageImage, field: 'comment_sv' | 'comment_en' | 'comment_de', value: string) => {
    if ((image[field] ?? '') !== value) comment.mutate({ image, field, value });
  };

  const removeImage = useApiMutation({
    mutationFn: (image: CottageImage) => api(`${base}/images/${image.id}`, { method: 'DELETE' }),
    success: t('cottage.imageDeleted'),
    refresh: true,
    onSuccess: (_, image) => {
      setImages((list) => list.filter((i) => i.id !== image.id));
      setDeleting(null);
    },
  });
  const remove = (image: CottageImage) => removeImage.mutate(image);

  return (
    <StepDialog cottageId={cottage.id} title={t('cottage.step_images')} size="wide" dirty={progress.length > 0} saving={false} leaveText={t('cottage.leaveUpload')}>
      <p className="mb-4 text-sm text-muted">{t('cottage.imagesIntro')}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/jpeg,image/png"
        className="sr-only"
        // The visible button below opens it: one tab stop, with a focus ring.
        tabIndex={-1}
        aria-hidden
        data-testid="image-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void upload(files);
        }}
      />
      {/* aria-disabled, not disabled, while images upload: a disabled button would drop the keyboard's focus. */}
      <Button onClick={() => progress.length === 0 && input.current?.click()} aria-disabled={progress.length > 0} className="aria-disabled:opacity-50">
        {t('cottage.chooseImages')}
      </Button>
      <ul className="my-3 flex flex-col gap-1" aria-live="polite">
        {progress.map((p) => (
          <li key={p.name} className="text-sm">
            {t('cottage.uploading', { name: p.name, percent: p.percent })}
            <progress max={100} value={p.percent} className="ml-2 h-2 w-40 align-middle" />
          </li>
        ))}
      </ul>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('cottage.step_images')}>
        {images.map((image, index) => (
          <li
            key={image.id}
            draggable
            data-testid="image-card"
            data-filename={image.filename}
            onDragStart={() => setDragged(index)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged === null || dragged === index) return;
              const next = [...images];
              const [moved] = next.splice(dragged, 1);
              next.splice(index, 0, moved!);
              setDragged(null);
              void reorder(next);
            }}
            className={`rounded-lg border border-gray-200 bg-white p-3 ${dragged === index ? 'opacity-50' : ''}`}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- our own /img resizer serves the 136×136 thumbnail */}
            <img src={`/img/${image.filename}?w=136&h=136&fit=crop`} alt={image.comment_sv ?? ''} width={136} height={136} className="mb-2 rounded" />
            <div className="mb-2 flex gap-2">
              <button
                type="button"
                className="rounded border border-gray-300 px-2 py-1 text-sm disabled:opacity-40"
                disabled={index === 0}
                aria-label={t('cottage.moveUp', { n: index + 1 })}
                onClick={() => move(index, -1)}
              >
                <ArrowLeft className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className="rounded border border-gray-300 px-2 py-1 text-sm disabled:opacity-40"
                disabled={index === images.length - 1}
                aria-label={t('cottage.moveDown', { n: index + 1 })}
                onClick={() => move(index, 1)}
              >
                <ArrowRight className="size-4" aria-hidden />
              </button>
              <button type="button" className="ml-auto rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50" onClick={() => setDeleting(image)}>
                {t('cottage.deleteImage')}
              </button>
            </div>
            {(['comment_sv', 'comment_en', 'comment_de'] as const).map((field) => (
              <input
                key={field}
                defaultValue={image[field] ?? ''}
                maxLength={255}
                aria-label={`${t('cottage.comment')} (${field.slice(-2)}) ${index + 1}`}
                placeholder={`${t('cottage.comment')} (${field.slice(-2)})`}
                onBlur={(e) => void saveComment(image, field, e.target.value)}
                className="mb-1 w-full rounded border border-gray-300 px-2 py-1 text-sm"
              />
            ))}
          </li>
        ))}
      </ol>
      {deleting ? (
        <InlineConfirm
          title={t('cottage.deleteImage')}
          text={t('cottage.deleteImageConfirm')}
          confirmLabel={t('cottage.delete')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </StepDialog>
  );
}
