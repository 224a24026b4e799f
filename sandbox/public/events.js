// The server's events list in the sidebar: the scheduled events the bot created (watch parties) as
// Discord shows them — cover, name, when, status, who is interested — with what a member or host does
// in Discord's client: Interested (as the acting user), Start, End (early or on time) and Cancel.

import { $, el } from './dom.js';
import { state } from './state.js';
import { showError } from './composer-feedback.js';

const REFRESH_MS = 2000;
const when = (ms) => new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

async function act(id, action) {
  const res = await fetch(`/api/events/${id}/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: state.user }) });
  if (!res.ok) showError((await res.json().catch(() => ({}))).error ?? 'The event could not be changed.');
  await refresh();
}

function item(e) {
  const buttons = [];
  if (e.status === 'scheduled' || e.status === 'active') {
    const mine = e.interested.includes(state.user);
    buttons.push(el('button', { type: 'button', onclick: () => act(e.id, 'interested'), title: 'Mark the acting user interested, or not' }, mine ? '★ Interested' : '☆ Interested'));
  }
  if (e.status === 'scheduled') buttons.push(el('button', { type: 'button', onclick: () => act(e.id, 'start') }, 'Start'), el('button', { type: 'button', onclick: () => act(e.id, 'cancel') }, 'Cancel'));
  if (e.status === 'active') buttons.push(el('button', { type: 'button', onclick: () => act(e.id, 'end'), title: 'End the event now (early or on time): the bot posts within a minute' }, 'End'));
  return el(
    'li',
    { class: `event event-${e.status}`, 'data-event': e.id },
    e.image ? el('img', { src: e.image, alt: '', class: 'event-cover' }) : '',
    el('div', { class: 'event-body' },
      el('strong', {}, e.name),
      el('span', { class: 'event-when' }, `${when(e.start)}${e.end ? ` – ${new Date(e.end).toLocaleTimeString([], { timeStyle: 'short' })}` : ''}`),
      el('span', { class: 'event-status' }, `${e.status} · ${e.interested.length} interested`),
      el('span', { class: 'event-actions' }, ...buttons),
    ),
  );
}

async function refresh() {
  try {
    const res = await fetch('/api/events');
    if (!res.ok) return;
    const { events } = await res.json();
    $('events').replaceChildren(...(events.length === 0 ? [el('li', { class: 'hint' }, 'No events yet: /watchparty create')] : events.map(item)));
  } catch {
    // The next refresh tries again.
  }
}

/** Keeps the list current (events change by commands, by the bot, and by other visitors). */
export function watchEvents() {
  void refresh();
  window.setInterval(() => void refresh(), REFRESH_MS);
}
