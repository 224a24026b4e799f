// How the browser test recognises a cover round's picture, as a player who knows the covers would:
// every title of the sandbox emulator's popularity ranking drawn through the bot's own pixel renderer
// at the frame's sharpness, then ranked by how close its blocks' colours are to the frame's. The best
// few are the guesses (the round's title first, unless two covers look alike at this sharpness).

import { createCanvas, loadImage } from '@napi-rs/canvas';
import { decodeCover, pixelGrid, PIXEL_FRAME, renderPixelFrame } from '../../src/render/pictures/pixel-cover.js';
import { SANDBOX_CLIENT_ID } from '../../sandbox/start.js';

interface Ranked {
  node: { id: number; title: string; main_picture?: { medium?: string; large?: string } };
}

/** Each block's colour (r, g, b at its centre) in a frame's PNG. */
async function blocks(png: Buffer, frame: number): Promise<number[]> {
  const image = await loadImage(png);
  const canvas = createCanvas(PIXEL_FRAME.width, PIXEL_FRAME.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0, PIXEL_FRAME.width, PIXEL_FRAME.height);
  const { data } = ctx.getImageData(0, 0, PIXEL_FRAME.width, PIXEL_FRAME.height);
  const { columns, rows } = pixelGrid(frame);
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const x = Math.floor(((c + 0.5) * PIXEL_FRAME.width) / columns);
      const y = Math.floor(((r + 0.5) * PIXEL_FRAME.height) / rows);
      const i = (y * PIXEL_FRAME.width + x) * 4;
      out.push(data[i]!, data[i + 1]!, data[i + 2]!);
    }
  }
  return out;
}

/** The IDs of the titles whose covers look most like `framePng` (frame `frame`, 0 the coarsest), best first. */
export async function likelyTitles(emulatorUrl: string, framePng: Buffer, frame: number, count = 5): Promise<number[]> {
  const res = await fetch(`${emulatorUrl}/v2/anime/ranking?ranking_type=bypopularity&limit=500&fields=main_picture`, { headers: { 'X-SERVICE-CLIENT-ID': SANDBOX_CLIENT_ID } });
  if (!res.ok) throw new Error(`the emulator answered ${res.status}`);
  const works = ((await res.json()) as { data: Ranked[] }).data.map((d) => d.node);
  const target = await blocks(framePng, frame);
  const scored: Array<{ id: number; distance: number }> = [];
  for (const w of works) {
    // The picture the game pool keeps (src/games/service-pool-source.ts): the large one when there is one.
    const url = w.main_picture?.large ?? w.main_picture?.medium;
    if (!url) continue;
    const picture = await fetch(url);
    if (!picture.ok) continue;
    const drawn = await renderPixelFrame(await decodeCover(Buffer.from(await picture.arrayBuffer())), frame);
    const mine = await blocks(drawn.data, frame);
    let distance = 0;
    for (let i = 0; i < target.length; i++) distance += (target[i]! - mine[i]!) ** 2;
    scored.push({ id: w.id, distance });
  }
  return scored.sort((a, b) => a.distance - b.distance).slice(0, count).map((s) => s.id);
}
