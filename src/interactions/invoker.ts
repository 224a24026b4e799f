// The invoker field's format moved to the rendering layer with the custom ids it goes in
// (src/render/user-ids.ts); views that still build their ids import it from here.

export { decodeUserId, encodeUserId } from '../render/user-ids.js';
