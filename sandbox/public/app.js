// The sandbox page: channels, a user switch, the message box with the bot's registered commands,
// and the timeline rendered with @skyra/discord-components-core. Every click goes to the fake
// Discord as a real interaction. This entry loads the components, wires the parts (sidebar.js,
// timeline.js with messages.js, composer.js with option-fields.js, clock.js) and starts with the sandbox's world.

import { setMentionNames } from './markdown.js';
import { $, local } from './dom.js';
import { state } from './state.js';
import { fetchWorld } from './api.js';
import { openLinkButtons } from './messages.js';
import { renderSidebar, watchLanguagePickers, watchTitleFormPicker, watchUserPicker } from './sidebar.js';
import { resetTimeline } from './timeline.js';
import { watchComposer } from './composer.js';
import { showClockNote, watchClock } from './clock.js';
import { showError } from './composer-feedback.js';
import { watchEvents } from './events.js';

globalThis.$discordMessage = {
  avatars: { default: local('user.svg'), blue: local('user.svg'), gray: local('user.svg'), green: local('user.svg'), orange: local('user.svg'), red: local('user.svg'), pink: local('user.svg') },
  defaultTheme: 'dark',
};
// After the config above: the library reads it when it loads. Only the components the page uses.
const COMPONENTS = [
  'DiscordMessages', 'DiscordMessage', 'DiscordCommand', 'DiscordEmbed', 'DiscordEmbedDescription', 'DiscordEmbedFields',
  'DiscordEmbedField', 'DiscordEmbedFooter', 'DiscordAttachments', 'DiscordActionRow', 'DiscordButton',
  'DiscordStringSelectMenu', 'DiscordStringSelectMenuOption', 'DiscordSpoiler',
];
const kebab = (name) => name.replace(/[A-Z]/g, (c, i) => `${i ? '-' : ''}${c.toLowerCase()}`);
await Promise.all(COMPONENTS.map((name) => import(`@skyra/discord-components-core/dist/components/${kebab(name)}/${name}.js`)));

/** Another place or user picked (or the page's start): the sidebar shows it, the timeline starts over. */
function startOver() {
  renderSidebar(startOver);
  showClockNote('');
  resetTimeline();
}

watchUserPicker(startOver);
watchLanguagePickers();
watchTitleFormPicker(showError);
openLinkButtons();
watchComposer();
watchClock();
watchEvents();

try {
  state.world = await fetchWorld();
  state.user = state.world.users[0].id;
  setMentionNames({
    channels: new Map(state.world.server.channels.map((c) => [c.id, c.name])),
    roles: new Map(state.world.server.roles.map((r) => [r.id, r.name])),
    users: new Map(state.world.server.members.map((u) => [u.id, u.username])),
  });
  startOver();
  document.body.dataset.ready = 'true';
} catch (error) {
  $('status').textContent = `The sandbox is not reachable: ${error.message}`;
}
