// Turns a few of the journeys' screenshots (e2e/artifacts/) into the small ones README shows
// (docs/screenshots/): scaled down in Chromium, then written as 256-colour PNGs. No image tools needed.
// Run after the e2e suite: node --import tsx e2e/support/docs-screenshots.ts [screen ...]
import { readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from './browser-path.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FROM = join(ROOT, 'e2e/artifacts');
const TO = join(ROOT, 'docs/screenshots');
const SCREENS = [
  'landing',
  'home',
  'registration-success',
  'admin-dashboard',
  'tournament-page-registered',
  'teammates-captain',
  'bracket',
  'match-room-draft',
];
const WIDTH = { desktop: 800, phone: 300 } as const;
const MAX_BYTES = 150 * 1024;

/** Scales a PNG in the browser and returns its RGBA pixels. */
async function scaled(page: import('playwright-core').Page, png: Buffer, width: number) {
  const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
  const result = await page.evaluate(
    async ({ dataUrl, width }) => {
      const img = new Image();
      img.src = dataUrl;
      await img.decode();
      const height = Math.round((img.height * width) / img.width);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(img, 0, 0, width, height);
      // Base64 rather than a JSON array of numbers: a million pixels cross over quickly.
      const data = ctx.getImageData(0, 0, width, height).data;
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width, height, rgba: btoa(binary) };
    },
    { dataUrl, width },
  );
  return { ...result, rgba: new Uint8Array(Buffer.from(result.rgba, 'base64')) };
}

type Bucket = { n: number; r: number; g: number; b: number };

/**
 * Median cut over the image's colours (5 bits per channel): boxes split along their widest channel
 * until there are 256, so rare but distinct colours (a green message, a red badge) keep their own.
 */
function quantize(rgba: Uint8Array): { palette: number[][]; indices: Uint8Array } {
  const keyOf = (i: number) => ((rgba[i]! >> 3) << 10) | ((rgba[i + 1]! >> 3) << 5) | (rgba[i + 2]! >> 3);
  const counts = new Map<number, Bucket>();
  for (let i = 0; i < rgba.length; i += 4) {
    const key = keyOf(i);
    const c = counts.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    c.n += 1;
    c.r += rgba[i]!;
    c.g += rgba[i + 1]!;
    c.b += rgba[i + 2]!;
    counts.set(key, c);
  }
  const mean = (c: Bucket, ch: 'r' | 'g' | 'b') => c[ch] / c.n;
  const range = (box: Bucket[], ch: 'r' | 'g' | 'b') => {
    let lo = 255;
    let hi = 0;
    for (const c of box) {
      lo = Math.min(lo, mean(c, ch));
      hi = Math.max(hi, mean(c, ch));
    }
    return hi - lo;
  };
  let boxes: Bucket[][] = [[...counts.values()]];
  while (boxes.length < 256) {
    // Split the box with the widest spread (weighted a little by how many pixels it holds).
    let pick = -1;
    let pickScore = 0;
    boxes.forEach((box, i) => {
      if (box.length < 2) return;
      const pixels = box.reduce((n, c) => n + c.n, 0);
      const score = Math.max(range(box, 'r'), range(box, 'g'), range(box, 'b')) * Math.log2(pixels + 1);
      if (score > pickScore) [pick, pickScore] = [i, score];
    });
    if (pick < 0) break;
    const box = boxes[pick]!;
    const ch = (['r', 'g', 'b'] as const).reduce((a, b) => (range(box, a) >= range(box, b) ? a : b));
    box.sort((a, b) => mean(a, ch) - mean(b, ch));
    const half = box.reduce((n, c) => n + c.n, 0) / 2;
    let seen = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) {
      seen += box[cut - 1]!.n;
      if (seen >= half) break;
    }
    boxes = [...boxes.slice(0, pick), box.slice(0, cut), box.slice(cut), ...boxes.slice(pick + 1)];
  }
  const palette = boxes.map((box) => {
    const t = box.reduce((a, c) => ({ n: a.n + c.n, r: a.r + c.r, g: a.g + c.g, b: a.b + c.b }), {
      n: 0,
      r: 0,
      g: 0,
      b: 0,
    });
    return [Math.round(t.r / t.n), Math.round(t.g / t.n), Math.round(t.b / t.n)];
  });
  const nearest = new Map<number, number>();
  const indices = new Uint8Array(rgba.length / 4);
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) {
    const key = keyOf(i);
    let best = nearest.get(key);
    if (best === undefined) {
      let bestDistance = Infinity;
      palette.forEach(([r, g, b], index) => {
        const d = (r! - rgba[i]!) ** 2 + (g! - rgba[i + 1]!) ** 2 + (b! - rgba[i + 2]!) ** 2;
        if (d < bestDistance) [bestDistance, best] = [d, index];
      });
      nearest.set(key, best!);
    }
    indices[p] = best!;
  }
  return { palette, indices };
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  return out;
}

/** A palette PNG (colour type 3, 8 bits), each row filtered with "none". */
function png8(width: number, height: number, palette: number[][], indices: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 3;
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function main() {
  mkdirSync(TO, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  // Screens named on the command line only (after the journeys that make them), else all of them.
  const only = process.argv.slice(2);
  for (const screen of only.length ? SCREENS.filter((s) => only.includes(s)) : SCREENS) {
    for (const size of ['desktop', 'phone'] as const) {
      const { width, height, rgba } = await scaled(
        page,
        readFileSync(join(FROM, `${screen}-${size}.png`)),
        WIDTH[size],
      );
      const { palette, indices } = quantize(rgba);
      const file = join(TO, `${screen}-${size}.png`);
      writeFileSync(file, png8(width, height, palette, indices));
      const bytes = statSync(file).size;
      console.log(`${file}: ${width}x${height}, ${Math.round(bytes / 1024)} KB`);
      if (bytes > MAX_BYTES) throw new Error(`${file} is over ${MAX_BYTES / 1024} KB`);
    }
  }
  await browser.close();
}

await main();
