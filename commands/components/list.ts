// The buttons /list declares (commands/list.ts) for its import: Import and Cancel under a preview,
// and Stop under a running import's progress (and the answers that offer it), each for the person
// who imports only. What each does: src/views/list-import.ts; the buttons are built in
// src/render/import-messages.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { dropImportPreview, startImport, stopImport } from '../../src/views/list-import.js';

/** Import: the preview becomes a running import. */
export const importStartHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.importStart,
  mode: 'update',
  invokerField: 0,
  linked: true,
  async run(ctx, fields) {
    fields.string(); // invoker, checked by the router
    return startImport(ctx, fields.string());
  },
};

/** Cancel under a preview: the preview goes, nothing was written. */
export const importDropHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.importDrop,
  mode: 'update',
  invokerField: 0,
  local: true,
  async run(ctx, fields) {
    fields.string(); // invoker, checked by the router
    return dropImportPreview(ctx, fields.optionalString());
  },
};

/** Stop: the running import stops before its next write; its report follows. */
export const importStopHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.importStop,
  mode: 'reply',
  invokerField: 0,
  local: true,
  run: (ctx) => stopImport(ctx),
};
