// The timeline of the place the page shows, as the user it acts as sees it: long-polled from the
// sandbox server and rendered entry by entry (an entry is redrawn only when it changed), following
// the conversation at the bottom as Discord does. The poll also brings the sandbox's clock.

import { $, el } from './dom.js';
import { state } from './state.js';
import { fetchTimeline } from './api.js';
import { renderEntry } from './messages.js';
import { setClock } from './clock.js';

/** Another place or user: the timeline starts empty and its long poll starts over. */
export function resetTimeline() {
  state.etag = '';
  state.rendered.clear();
  $('timeline').replaceChildren(el('discord-messages', { id: 'messages' }));
  state.poll?.abort();
  void pollTimeline();
}

async function pollTimeline() {
  const controller = new AbortController();
  state.poll = controller;
  while (!controller.signal.aborted) {
    try {
      const data = await fetchTimeline({ place: state.place, user: state.user, since: state.etag }, controller.signal);
      if (controller.signal.aborted) return;
      state.etag = data.etag;
      setClock(data.clock);
      renderTimeline(data.entries);
    } catch {
      if (controller.signal.aborted) return;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

function renderTimeline(entries) {
  const container = $('messages');
  const seen = new Set();
  const wasAtBottom = $('timeline').scrollHeight - $('timeline').scrollTop - $('timeline').clientHeight < 80;
  for (const entry of entries) {
    const key = String(entry.seq);
    seen.add(key);
    // With the clock: relative timestamps ("in 3 days") are redrawn when the sandbox's time jumps.
    const signature = `${state.clockOffset} ${JSON.stringify(entry)}`;
    const existing = state.rendered.get(key);
    if (existing?.signature === signature) continue;
    const nodes = renderEntry(entry);
    const wrapper = existing?.node ?? el('div', { class: 'entry', 'data-seq': key });
    wrapper.replaceChildren(...nodes);
    wrapper.dataset.state = entry.state;
    if (!existing) container.append(wrapper);
    state.rendered.set(key, { signature, node: wrapper });
  }
  for (const [key, { node }] of state.rendered) {
    if (!seen.has(key)) {
      node.remove();
      state.rendered.delete(key);
    }
  }
  if (entries.length === 0 && container.childElementCount === 0) {
    container.append(el('p', { class: 'hint', id: 'empty' }, 'No messages yet. Type / in the message box to use the bot.'));
  } else {
    container.querySelector('#empty')?.remove();
  }
  // The components render on the next frames; follow the conversation as Discord does.
  if (wasAtBottom) {
    const follow = () => ($('timeline').scrollTop = $('timeline').scrollHeight);
    follow();
    setTimeout(follow, 50);
    setTimeout(follow, 250);
  }
}
