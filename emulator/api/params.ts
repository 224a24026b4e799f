import { type Request } from 'express';
import { FieldsSyntaxError, parseFields, type FieldTree } from '../fields.js';
import { badRequest } from './errors.js';

/** Raw query values from the request URL; for a repeated key the last value wins. */
export function rawQuery(req: Request): Map<string, string> {
  const search = new URL(req.originalUrl, 'http://x').searchParams;
  const out = new Map<string, string>();
  for (const [k, v] of search) out.set(k, v);
  return out;
}

const INTEGER = /^\d{1,15}$/;

export function parseInteger(value: string, name: string): number {
  if (!INTEGER.test(value)) throw badRequest(name);
  return Number(value);
}

export function optionalInteger(query: Map<string, string>, name: string): number | undefined {
  const v = query.get(name);
  return v === undefined ? undefined : parseInteger(v, name);
}

/** `limit`: integer 1..max, default 100 (the spec's default; the real service's undocumented 10 is not copied). */
export function parseLimit(query: Map<string, string>, max: number): number {
  const v = query.get('limit');
  if (v === undefined) return Math.min(100, max);
  const n = parseInteger(v, 'limit');
  if (n < 1 || n > max) throw badRequest('limit');
  return n;
}

export function parseOffset(query: Map<string, string>): number {
  const v = query.get('offset');
  return v === undefined ? 0 : parseInteger(v, 'offset');
}

/** `nsfw`: true/false (1/0 also seen in the wild); default false. */
export function parseNsfw(query: Map<string, string>): boolean {
  const v = query.get('nsfw');
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  throw badRequest('nsfw');
}

export function parseFieldsParam(query: Map<string, string>): FieldTree {
  const v = query.get('fields');
  if (v === undefined) return new Map();
  try {
    return parseFields(v);
  } catch (e) {
    if (e instanceof FieldsSyntaxError) throw badRequest('fields');
    throw e;
  }
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw badRequest(name);
  return value as T;
}
