import { writeFileSync } from 'node:fs';

/**
 * A camera's view of a shoe box's barcode, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): an EAN-13 (a UPC-A is one with a leading 0) drawn
 * black on white as a Y4M video, the raw format Chromium reads. The code must carry its
 * check digit: readers refuse one that does not match.
 */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13: 1 is a bar. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`Not an EAN-13: ${code}`);
  const d = [...code].map(Number);
  const parity = PARITY[d[0]!]!;
  let left = '';
  for (let i = 1; i <= 6; i++) left += (parity[i - 1] === 'L' ? L : G)[d[i]!];
  let right = '';
  for (let i = 7; i <= 12; i++) right += R[d[i]!];
  return `101${left}01010${right}101`;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 4;

/** Writes `frames` identical frames of the barcode, centred, to `path`. */
export function writeBarcodeVideo(path: string, code: string, frames = 5): void {
  const modules = ean13Modules(code);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  for (let y = 120; y < 360; y++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1')
        luma.fill(16, y * WIDTH + left + m * MODULE_PX, y * WIDTH + left + (m + 1) * MODULE_PX);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...new Array<Buffer>(frames).fill(frame)]));
}
