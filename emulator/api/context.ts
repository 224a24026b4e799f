import { type Request } from 'express';
import { type FieldTree } from '../fields.js';
import { type EmulatorState } from '../state.js';
import { type Caller } from './caller.js';
import { type Renderer } from './render.js';

/** What a /v2 handler gets. */
export interface ApiContext {
  state: EmulatorState;
  renderer: Renderer;
  req: Request;
  caller: Caller;
  query: Map<string, string>;
  /** path parameters, raw (validated by the handler) */
  params: Record<string, string>;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A non-JSON answer (e.g. the CDN's HTML 504). */
export interface RawAnswer {
  status: number;
  raw: string;
  contentType: string;
}

export type Handler = (ctx: ApiContext) => Answer | RawAnswer | Promise<Answer | RawAnswer>;

export function ok(body: unknown): Answer {
  return { status: 200, body };
}

export type { FieldTree };
