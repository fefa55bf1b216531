import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface DecodedPng {
  width: number;
  height: number;
  /** Opaque pixels of exactly this colour, e.g. '#4477AA', optionally only in rows [fromRow, toRow). */
  pixels(hex: string, rows?: { fromRow: number; toRow: number }): number;
  /** RGBA of the top-left pixel. */
  corner: number[];
}

/** Decodes a PNG, so a test can check its size and count its pixels by colour. */
export async function decodePng(png: Buffer): Promise<DecodedPng> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const pixels = (hex: string, rows = { fromRow: 0, toRow: image.height }) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    let n = 0;
    for (let i = rows.fromRow * image.width * 4; i < rows.toRow * image.width * 4; i += 4) {
      if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) n++;
    }
    return n;
  };
  return { width: image.width, height: image.height, pixels, corner: [...data.subarray(0, 4)] };
}
