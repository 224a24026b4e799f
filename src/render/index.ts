// The rendering layer: pure functions from service data to Discord message payloads.
export * from './text.js';
export { bbcodeToMarkdown, decodeEntities } from './bbcode.js';
export * from './limits.js';
export { safeHttpUrl } from './url.js';
export { COLORS } from './theme.js';
export * from './work-facts.js';
export { detailsEmbed } from './details.js';
export * from './lists.js';
export { forumTopicsEmbed, forumTopicEmbed, forumBoardsEmbed, pollText } from './forum.js';
export { profileEmbed } from './profile.js';
export { listEntryEmbed, type ListEntryWork } from './entries.js';
export * from './kind-words.js';
export * from './messages.js';
