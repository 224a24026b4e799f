// The page's calls to the sandbox server (sandbox/web.ts): JSON in and out; a refusal becomes an
// Error with the server's message (and, for a command Discord's client would not send, its hints).

import { state } from './state.js';

/** Every action is sent in the acting user's Discord language, in a server with the server's language. */
async function api(path, body) {
  const sent = body === undefined ? undefined : { ...body, locale: state.locale, guildLocale: state.guildLocale };
  const res = await fetch(path, sent === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent) });
  const data = await res.json().catch(() => ({ error: `The sandbox answered ${res.status}.` }));
  if (!res.ok) throw Object.assign(new Error(data.error ?? `The sandbox answered ${res.status}.`), { hints: data.hints });
  return data;
}

/** The places, users, server (channels, roles), registered commands and the emulator's accounts. */
export const fetchWorld = () => api('/api/world');

/** The timeline of a place as a user sees it and the sandbox's clock, long-polled: answers once either differs from `since` (an etag). */
export async function fetchTimeline({ place, user, since }, signal) {
  const q = new URLSearchParams({ place, user, since });
  const res = await fetch(`/api/timeline?${q}`, { signal });
  return res.json();
}

/** A slash command: { place, user, name, group, sub, options }. */
export const postCommand = (command) => api('/api/command', command);

/** A button click or a select-menu choice: { place, user, messageId, customId, label, values? }. */
export const postComponent = (interaction) => api('/api/component', interaction);

/** A vote in a poll: { place, user, messageId, answerId } (the same answer again takes it back). */
export const postVote = (vote) => api('/api/vote', vote);

/** "Next episode now" for { place, user }: { jumped, message (Discord Markdown), clock: { now, offsetMs }, arrived? }. */
export const postNextEpisode = (request) => api('/api/next-episode', request);

/** "Next recap now": { jumped, message (Discord Markdown), clock: { now, offsetMs }, arrived? }. */
export const postNextRecap = () => api('/api/next-recap', {});

/** The bot's autocomplete choices for the focused option: { place, user, name, group, sub, options, focused }. */
export const fetchAutocomplete = (request) => api('/api/autocomplete', request);
