// A scheduled event's cover image drawn from a title's cover. Discord shows an event's cover wide (about
// 2.5 : 1; its client asks for at least 800 × 320) and takes image data as JPEG, PNG or GIF only, not
// WebP (which the covers are kept as). The portrait cover is drawn whole in the middle of a wide frame
// filled with the same cover, enlarged, blurred and darkened, so nothing of it is cropped away; the
// frame is sent as JPEG (a photograph: a fraction of PNG's size), as a data URI.

import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { PICTURE_THEME as THEME } from './theme.js';

/** The event cover's size: Discord's 2.5 : 1 at the size its client recommends. */
export const EVENT_COVER = { width: 800, height: 320 } as const;
const JPEG_QUALITY = 85;
/** Space above and below the cover in the frame. */
const MARGIN = 12;

export interface EventCover {
  data: Buffer;
  format: 'jpeg';
  width: number;
  height: number;
}

/** The event cover for a title's cover (any format the canvas decodes); undefined when it does not decode. */
export async function renderEventCover(cover: Buffer): Promise<EventCover | undefined> {
  let image: Image;
  try {
    image = await loadImage(cover);
  } catch {
    return undefined;
  }
  if (!image.width || !image.height) return undefined;
  const { width, height } = EVENT_COVER;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, width, height);
  // The backdrop: the cover scaled to fill the frame's width, its middle shown, blurred and darkened.
  const fill = width / image.width;
  ctx.filter = 'blur(18px)';
  ctx.drawImage(image, 0, (height - image.height * fill) / 2, width, image.height * fill);
  ctx.filter = 'none';
  ctx.fillStyle = THEME.shade;
  ctx.fillRect(0, 0, width, height);
  // The cover itself, whole, as tall as the frame allows.
  const scale = Math.min((height - 2 * MARGIN) / image.height, (width - 2 * MARGIN) / image.width);
  const w = Math.round(image.width * scale);
  const h = Math.round(image.height * scale);
  ctx.drawImage(image, Math.round((width - w) / 2), Math.round((height - h) / 2), w, h);
  return { data: await canvas.encode('jpeg', JPEG_QUALITY), format: 'jpeg', width, height };
}

/** The event cover as the data URI Discord's image data takes; undefined when the cover does not decode. */
export async function eventCoverDataUri(cover: Buffer): Promise<string | undefined> {
  const drawn = await renderEventCover(cover);
  return drawn && `data:image/${drawn.format};base64,${drawn.data.toString('base64')}`;
}
