import { type Response } from 'express';

/** JSON text as the real service writes it: `/` escaped as `\/`, non-ASCII as \uXXXX. */
export function serviceJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
    .replace(/\//g, '\\/');
}

export function sendJson(res: Response, status: number, value: unknown): void {
  res.status(status).type('application/json; charset=UTF-8').send(serviceJson(value));
}
