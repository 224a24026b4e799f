// A picture as the attachment it is sent as: PNG, or WebP where that is smaller. Encoding runs on
// libuv's thread pool (the canvas library's async encode), not on the event loop.

import type { Canvas } from '@napi-rs/canvas';

export interface EncodedPicture {
  data: Buffer;
  format: 'png' | 'webp';
  width: number;
  height: number;
  /** Both encodings' sizes in bytes, for the benches. */
  sizes: { png: number; webp: number };
}

export async function encodeSmallest(canvas: Canvas): Promise<EncodedPicture> {
  const [png, webp] = await Promise.all([canvas.encode('png'), canvas.encode('webp', 90)]);
  const smaller = webp.length < png.length ? { data: webp, format: 'webp' as const } : { data: png, format: 'png' as const };
  return { ...smaller, width: canvas.width, height: canvas.height, sizes: { png: png.length, webp: webp.length } };
}
