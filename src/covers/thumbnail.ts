// A fetched cover made small before it is kept: decoded and scaled to the largest tile a picture
// draws, re-encoded as WebP (a few KB), so the shared cache holds thousands of covers in little
// room and a chart decodes small images. Decoding and encoding run off the event loop.

import { createCanvas, loadImage } from '@napi-rs/canvas';

/** The tile size covers are kept at (the pictures' largest cover tile). */
export const THUMBNAIL = { width: 180, height: 254 } as const;

/** The image as a thumbnail, or undefined when it does not decode as an image. */
export async function thumbnail(bytes: Buffer): Promise<Buffer | undefined> {
  let image;
  try {
    image = await loadImage(bytes);
  } catch {
    return undefined;
  }
  if (!image.width || !image.height) return undefined;
  const scale = Math.min(1, Math.max(THUMBNAIL.width / image.width, THUMBNAIL.height / image.height));
  const canvas = createCanvas(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.encode('webp', 82);
}
