// Image resizing cost: node --conditions=react-server --import tsx scripts/bench-img.ts
// A 4000×3000 camera-sized JPEG goes through resizedImage: the first call of a size resizes and
// stores the variant, the second is served from the storage cache. Uses a temporary data dir.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/** A diagonal colour gradient with per-pixel noise: compresses like a photo, not like a flat fill. */
async function photo(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 12345;
  const clamp = (v: number) => Math.max(0, Math.min(255, v | 0));
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 25) - 12;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      // Waves of several sizes stand in for the edges and texture a photo keeps when scaled down.
      const detail = Math.sin(x / 9) * Math.cos(y / 13) * 30 + Math.sin((x + y) / 61) * 25 + Math.cos(x / 173 - y / 97) * 20;
      pixels[i] = clamp((x / WIDTH) * 180 + 30 + detail + noise());
      pixels[i + 1] = clamp((y / HEIGHT) * 160 + 50 - detail + noise());
      pixels[i + 2] = clamp(((x + y) / (WIDTH + HEIGHT)) * 140 + 60 + detail / 2 + noise());
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = process.hrtime.bigint();
  const result = await run();
  console.log(`${label.padEnd(34)} ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(1).padStart(8)} ms`);
  return result;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stuga-bench-img-'));
  process.env.STUGA_DATA_DIR = dir;
  try {
    const { storage, storageKind } = await import('../marketplace/providers/storage');
    const { resizedImage, validateImageBytes } = await import('../marketplace/services/image-files');
    const bytes = await photo();
    const filename = 'bench0000000000000000000000000000000000000000.jpg';
    await storage.put(`images/${filename}`, bytes, 'image/jpeg');
    console.log(`storage: ${storageKind}; original ${WIDTH}×${HEIGHT} JPEG, ${(bytes.length / 1024 / 1024).toFixed(2)} MB; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
    await timed('validateImageBytes', () => validateImageBytes(bytes));
    for (const size of [
      { w: 800, h: 800 },
      { w: 136, h: 136, fit: 'crop' as const },
    ]) {
      const label = `${size.w}×${size.h}${size.fit ? ' crop' : ''}`;
      const first = await timed(`${label}, first (resize + store)`, () => resizedImage(filename, size));
      const second = await timed(`${label}, second (cached)`, () => resizedImage(filename, size));
      if (!first || !second || first.etag !== second.etag) throw new Error('the cached variant differs from the first');
      const meta = await sharp(first.bytes).metadata();
      console.log(`${''.padEnd(34)} → ${meta.width}×${meta.height}, ${(first.bytes.length / 1024).toFixed(1)} KB`);
    }
    // The very first resize pays for libvips' start-up: the median over fresh files is the steady cost.
    const copies = Array.from({ length: 5 }, (_, n) => `bench${String(n + 1).padStart(39, '0')}.jpg`);
    for (const name of copies) await storage.put(`images/${name}`, bytes, 'image/jpeg');
    for (const size of [
      { w: 800, h: 800 },
      { w: 136, h: 136, fit: 'crop' as const },
    ]) {
      const times: number[] = [];
      for (const name of copies) {
        const start = process.hrtime.bigint();
        await resizedImage(name, size);
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      times.sort((a, b) => a - b);
      const label = `${size.w}×${size.h}${size.fit ? ' crop' : ''}, first, median of ${copies.length}`;
      console.log(`${label.padEnd(34)} ${times[2]!.toFixed(1).padStart(8)} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
