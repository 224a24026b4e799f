// The sandbox's clock in the channel header: its time in the visitor's zone (and how far it is ahead
// of real time once moved), and "Next episode now", which moves it to just after the next reminder
// of what this place follows. Any visitor's jump reaches every open page through the timeline's poll.

import { $ } from './dom.js';
import { state } from './state.js';
import { postNextEpisode, postNextRecap } from './api.js';
import { markdown, setClockOffset } from './markdown.js';

const FORMAT = new Intl.DateTimeFormat('en', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
const MINUTE = 60_000;

/** How far ahead, roughly: `6 days 23 hours`, `3 hours 5 minutes`, `12 minutes`. */
function ahead(ms) {
  const minutes = Math.round(ms / MINUTE);
  const parts = [[Math.floor(minutes / 1440), 'day'], [Math.floor(minutes / 60) % 24, 'hour'], [minutes % 60, 'minute']]
    .filter(([n]) => n > 0)
    .slice(0, 2)
    .map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return parts.join(' ');
}

function showTime() {
  const now = FORMAT.format(new Date(Date.now() + state.clockOffset));
  const lead = state.clockOffset >= MINUTE ? ` · ${ahead(state.clockOffset)} ahead` : '';
  $('sandbox-time').textContent = `Sandbox time: ${now}${lead}`;
}

/** The clock as the sandbox reports it ({ now, offsetMs }); returns whether it moved. */
export function setClock(clock) {
  if (!clock || clock.offsetMs === state.clockOffset) return false;
  state.clockOffset = clock.offsetMs;
  setClockOffset(clock.offsetMs);
  showTime();
  return true;
}

/** The line under the header: Discord Markdown (timestamps in the visitor's zone); empty hides it. */
export function showClockNote(message, kind = 'info') {
  const note = $('clock-note');
  note.replaceChildren(markdown(message));
  note.className = kind;
  note.hidden = message === '';
}

async function press(id = 'next-episode', post = () => postNextEpisode({ place: state.place, user: state.user })) {
  const button = $(id);
  button.disabled = true;
  showClockNote('Moving the sandbox clock…');
  try {
    const answer = await post();
    setClock(answer.clock);
    showClockNote(answer.message, answer.jumped ? 'jumped' : 'info');
  } catch (error) {
    showClockNote(error.message, 'error');
  } finally {
    button.disabled = false;
  }
}

/** The time shown and kept current; the control wired. */
export function watchClock() {
  const tick = () => {
    showTime();
    setTimeout(tick, 10_000);
  };
  tick();
  $('next-episode').addEventListener('click', () => void press());
  $('next-recap').addEventListener('click', () => void press('next-recap', postNextRecap));
}
