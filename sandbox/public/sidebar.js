// The sidebar and the channel header: the server's text channels and the DMs to pick a place from,
// the user the page acts as, the emulator's sign-in accounts for /login, and the place's name and
// topic, and the language pickers (the acting user's Discord language and the server's). A place or
// user pick changes the state and calls `onPick` (the page then starts its timeline over).

import { $, el } from './dom.js';
import { state } from './state.js';
import { postCommand } from './api.js';

export function renderSidebar(onPick) {
  const { places, users, accounts } = state.world;
  const pick = (key) => {
    state.place = key;
    onPick();
  };
  const item = (p, label) =>
    el('li', {}, el('button', { type: 'button', class: p.key === state.place ? 'active' : '', 'data-place': p.key, onclick: () => pick(p.key) }, label));
  $('channels').replaceChildren(...places.filter((p) => p.kind === 'guild').map((p) => item(p, `# ${p.name}${p.nsfw ? ' (18+)' : ''}`)));
  $('dms').replaceChildren(...places.filter((p) => p.kind === 'dm').map((p) => item(p, `@ ${p.name}`)));
  const select = $('acting-as');
  select.replaceChildren(...users.map((u) => el('option', { value: u.id, selected: u.id === state.user }, `${u.username} (${u.standing})`)));
  for (const [id, key] of [['language', 'locale'], ['server-language', 'guildLocale']]) {
    $(id).replaceChildren(...state.world.languages.map((l) => el('option', { value: l.code, selected: l.code === state[key] }, l.name)));
  }
  $('accounts').textContent = `Service sign-in for /login: ${accounts.map((a) => `${a.name} / ${a.password}`).join(', ')}`;
  const place = places.find((p) => p.key === state.place);
  $('channel-name').textContent = place.kind === 'dm' ? `@ ${place.name}` : `# ${place.name}${place.nsfw ? ' (18+)' : ''}`;
  $('channel-topic').textContent = place.topic;
}

/** Acting as another user: the state changes and `onPick` is called. */
export function watchUserPicker(onPick) {
  $('acting-as').addEventListener('change', (e) => {
    state.user = e.target.value;
    onPick();
  });
}

/**
 * The title-form picker runs `/settings titles form:<pick>` as the acting user, here, as they would
 * themselves (the answer shows in the timeline); the picker then returns to its prompt.
 */
export function watchTitleFormPicker(onError) {
  $('title-form').addEventListener('change', async (e) => {
    const form = e.target.value;
    e.target.value = '';
    if (!form) return;
    try {
      await postCommand({ place: state.place, user: state.user, name: 'settings', sub: 'titles', options: { form } });
    } catch (error) {
      onError(error.message);
    }
  });
}

/** Another Discord language for the acting user, or for the server: what is sent next carries it. */
export function watchLanguagePickers() {
  $('language').addEventListener('change', (e) => {
    state.locale = e.target.value;
    // The message box shows the commands as a client in that language does.
    $('message-box').dispatchEvent(new Event('input'));
  });
  $('server-language').addEventListener('change', (e) => {
    state.guildLocale = e.target.value;
  });
}
