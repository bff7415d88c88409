// Writes the installed app's icons (web/public/icons/*.png): white barcode bars on the brand's
// orange, the square as is and a maskable one with the bars inside the 80% safe zone. Run
// once when the design changes (`node web/scripts/make-icons.mjs`); the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const ORANGE = [234, 88, 12];
const WHITE = [255, 255, 255];
const BARS = [3, 1, 2, 1, 1, 3, 2, 1, 1, 2, 3, 1, 2, 2, 1, 3];

function crc32(bytes) {
  let crc = -1;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size, safe) {
  const inset = Math.round(size * (safe ? 0.3 : 0.2));
  const width = size - 2 * inset;
  const units = BARS.reduce((a, b) => a + b, 0) + BARS.length - 1;
  const unit = width / units;
  const white = new Array(size).fill(false);
  let x = inset;
  for (const bar of BARS) {
    for (let i = Math.round(x); i < Math.round(x + bar * unit); i++) white[i] = true;
    x += (bar + 1) * unit;
  }
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    const inBars = y >= inset && y < size - inset;
    for (let i = 0; i < size; i++) row.set(inBars && white[i] ? WHITE : ORANGE, 1 + i * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('icon-192.png', dir), png(192, false));
writeFileSync(new URL('icon-512.png', dir), png(512, false));
writeFileSync(new URL('maskable-512.png', dir), png(512, true));
