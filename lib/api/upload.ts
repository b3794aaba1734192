// Browser side: PUT a file to a signed upload URL with progress (fetch reports none).
import type { ImageUploadTicket } from '../schemas/cottage-dto';

/** What both upload tickets (images, chat attachments) have: where to PUT, and the headers to send. */
export type UploadTicket = Pick<ImageUploadTicket, 'url' | 'method' | 'headers'>;

export function putWithProgress(ticket: UploadTicket, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(xhr.responseText)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(file);
  });
}
