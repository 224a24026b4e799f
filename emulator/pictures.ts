// The emulator's picture host: the real service's pictures live on their own host
// (https://api-cdn.myanimelist.net/images/<kind>/<n>/<n>[l].jpg), so the emulator serves them from a
// listener of its own and points `main_picture` there. Every picture is a real JPEG, drawn
// deterministically from its work (a colour from the id, the id and the title) so charts, the sandbox
// and the benches see distinct covers. Faults, per work or for every picture: slow, huge, broken
// (bytes that do not decode) and wrong-type (an HTML page).

import { createHash } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import express, { type Response } from 'express';
import type { Catalogue } from './catalogue/index.js';
import { closeServer, listen } from './listen.js';

/** The host the generated catalogue's picture URLs name (json.ts rewrites it to this host's origin). */
const SERVICE_PICTURE_BASE = 'https://api-cdn.myanimelist.net/images/';

export type PictureFault = 'slow' | 'huge' | 'broken' | 'wrong-type';

export interface PictureHostOptions {
  port?: number;
  host?: string;
  /** How long a `slow` picture waits before its headers (default 10 s). */
  slowMs?: number;
  /** Bytes a `huge` picture sends (default 3 MB, over the bot's 2 MB cap). */
  hugeBytes?: number;
}

export interface PictureHost {
  /** The origin pictures are served from (`http://127.0.0.1:<port>`). */
  url: string;
  faults: {
    /** A fault for every picture; undefined serves them well. */
    all: PictureFault | undefined;
    /** A fault for the pictures of one work (`anime:1`, `manga:2`). */
    set(kind: 'anime' | 'manga', id: number, fault: PictureFault | undefined): void;
    reset(): void;
  };
  /** Picture requests answered, by outcome ('ok', a fault, 'not-found'). */
  served: Record<string, number>;
  close(): Promise<void>;
}

interface PictureOf {
  kind: 'anime' | 'manga';
  id: number | undefined;
  title: string;
  large: boolean;
}

const PATH = /^\/images\/(anime|manga)\/(\d{1,6})\/(\d{1,9})(l?)\.jpg$/;
const CACHE_LIMIT = 512;

/** Which work a picture path belongs to (its main picture), or the path alone for other pictures. */
function pictureIndex(catalogue: Catalogue): (path: string) => PictureOf | undefined {
  let index: Map<string, { kind: 'anime' | 'manga'; id: number; title: string }> | undefined;
  const build = (): Map<string, { kind: 'anime' | 'manga'; id: number; title: string }> => {
    const map = new Map<string, { kind: 'anime' | 'manga'; id: number; title: string }>();
    for (const [kind, list] of [['anime', catalogue.anime.list], ['manga', catalogue.manga.list]] as const) {
      for (const w of list) {
        for (const url of [w.main_picture?.medium, w.main_picture?.large]) {
          if (url?.startsWith(SERVICE_PICTURE_BASE)) map.set(`/images/${url.slice(SERVICE_PICTURE_BASE.length)}`, { kind, id: w.id, title: w.title });
        }
      }
    }
    return map;
  };
  return (path) => {
    const m = PATH.exec(path);
    if (!m) return undefined;
    const work = (index ??= build()).get(path);
    const kind = m[1] as 'anime' | 'manga';
    return { kind, id: work?.id, title: work?.title ?? `${kind} ${m[2]}/${m[3]}`, large: m[4] === 'l' };
  };
}

/** A cover drawn from the work: a colour of its own, its id and its title. JPEG. */
export function drawPicture(p: PictureOf, key: string): Buffer {
  const [w, h] = p.large ? [425, 600] : [225, 318];
  const digest = createHash('sha256').update(key).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, w, h);
  gradient.addColorStop(0, `hsl(${hue}, 60%, 45%)`);
  gradient.addColorStop(1, `hsl(${(hue + 40) % 360}, 55%, 25%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = `hsla(${(hue + 180) % 360}, 70%, 70%, 0.35)`;
  for (let i = 0; i < 5; i++) {
    const x = (digest[2 + i] ?? 0) / 255;
    const y = (digest[8 + i] ?? 0) / 255;
    ctx.beginPath();
    ctx.arc(x * w, y * h, (w / 6) * (1 + ((digest[14 + i] ?? 0) % 3)), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.font = `bold ${Math.round(w / 7)}px sans-serif`;
  ctx.fillText(p.id === undefined ? p.kind : `#${p.id}`, w / 2, h * 0.42, w - 16);
  ctx.font = `${Math.round(w / 14)}px sans-serif`;
  ctx.fillText(p.title.slice(0, 40), w / 2, h * 0.6, w - 16);
  return canvas.toBuffer('image/jpeg', 85);
}

/** A picture that misbehaves: an HTML page, bytes that do not decode, or more bytes than a cover may have. */
function sendFault(res: Response, fault: Exclude<PictureFault, 'slow'>, hugeBytes: number): void {
  if (fault === 'wrong-type') {
    res.status(200).type('text/html').send('<html><body>Not a picture</body></html>');
    return;
  }
  if (fault === 'broken') {
    res.status(200).type('image/jpeg').send(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]));
    return;
  }
  // Sent chunked, with no length declared, so only counting what arrives finds it too large.
  res.status(200).type('image/jpeg');
  const chunk = Buffer.alloc(64 * 1024, 0xaa);
  let left = hugeBytes;
  const pump = (): void => {
    while (left > 0) {
      const part = chunk.subarray(0, Math.min(chunk.length, left));
      left -= part.length;
      if (!res.write(part)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => (left = 0));
  pump();
}

/** The picture drawn for `path`, from the cache (which keeps the last CACHE_LIMIT drawn) when there. */
function cachedPicture(cache: Map<string, Buffer>, picture: PictureOf, path: string): Buffer {
  let image = cache.get(path);
  if (!image) {
    image = drawPicture(picture, path);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(path, image);
  }
  return image;
}

export async function startPictureHost(catalogue: Catalogue, o: PictureHostOptions = {}): Promise<PictureHost> {
  const lookUp = pictureIndex(catalogue);
  const cache = new Map<string, Buffer>();
  const byWork = new Map<string, PictureFault>();
  const served: Record<string, number> = {};
  const faults: PictureHost['faults'] = {
    all: undefined,
    set: (kind, id, fault) => (fault ? byWork.set(`${kind}:${id}`, fault) : byWork.delete(`${kind}:${id}`)),
    reset() {
      faults.all = undefined;
      byWork.clear();
    },
  };
  const count = (outcome: string): void => {
    served[outcome] = (served[outcome] ?? 0) + 1;
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get(/^\/images\//, (req, res) => {
    const picture = lookUp(req.path);
    if (!picture) {
      count('not-found');
      res.status(404).type('text/html').send('<html><body><h1>404 Not Found</h1></body></html>');
      return;
    }
    const fault = (picture.id !== undefined ? byWork.get(`${picture.kind}:${picture.id}`) : undefined) ?? faults.all;
    count(fault ?? 'ok');
    if (fault !== undefined && fault !== 'slow') {
      sendFault(res, fault, o.hugeBytes ?? 3_000_000);
      return;
    }
    const image = cachedPicture(cache, picture, req.path);
    const send = (): void => void res.status(200).type('image/jpeg').set('Cache-Control', 'max-age=86400').send(image);
    if (fault === 'slow') {
      const timer = setTimeout(send, o.slowMs ?? 10_000);
      res.on('close', () => clearTimeout(timer));
    } else {
      send();
    }
  });
  app.use((_req, res) => {
    res.status(404).type('text/html').send('<html><body><h1>404 Not Found</h1></body></html>');
  });
  const host = o.host ?? '127.0.0.1';
  const { server, port } = await listen(app, o.port ?? 0, host);
  return { url: `http://${host}:${port}`, faults, served, close: () => closeServer(server) };
}
