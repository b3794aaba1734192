// Renders public/icon.svg into the PNG icons and favicon.ico the browsers and the web manifest ask for.
// node scripts/generate-icons.mjs   (run again after changing the SVG; the outputs are committed)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'));
const png = (size) =>
  sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  writeFileSync(path.join(publicDir, name), await png(size));
}

// An ICO file holding PNG images (every browser since IE Vista reads them): a 6-byte header, one
// 16-byte directory entry per image, then the images.
const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map(png));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt8(0, entry + 2);
  header.writeUInt8(0, entry + 3);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(images[i].length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += images[i].length;
});
writeFileSync(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, ...images]));
console.log('public/: icon-192.png, icon-512.png, apple-touch-icon.png, favicon.ico');
