// A kind of work in custom ids and menu values (`a:1`): one letter. Render writes it into the ids it
// builds; src/views/kind-views.ts reads it back (kindOfCode) for the handlers.

import { WORK_KINDS, type WorkKind } from '../service/kinds.js';

const CODES: { readonly [K in WorkKind]: string } = { anime: 'a', manga: 'm' };

export function kindCode(kind: WorkKind): string {
  return CODES[kind];
}

/** The kind a code names, undefined for anything else. */
export function kindOfCodeIn(code: string): WorkKind | undefined {
  return WORK_KINDS.find((k) => CODES[k] === code);
}
