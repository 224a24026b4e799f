import { type Response } from 'express';

/** The host the generated catalogue's picture URLs name (see pictures.ts). */
const SERVICE_PICTURE_BASE = 'https://api-cdn.myanimelist.net/images/';

/** JSON text as the real service writes it: `/` escaped as `\/`, non-ASCII as \uXXXX. */
export function serviceJson(value: unknown, pictureOrigin?: string): string {
  const text = JSON.stringify(value);
  return (pictureOrigin ? text.replaceAll(SERVICE_PICTURE_BASE, `${pictureOrigin}/images/`) : text)
    .replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
    .replace(/\//g, '\\/');
}

/** `pictureOrigin`: the emulator's picture host, named in place of the service's picture host. */
export function sendJson(res: Response, status: number, value: unknown, pictureOrigin?: string): void {
  res.status(status).type('application/json; charset=UTF-8').send(serviceJson(value, pictureOrigin));
}
