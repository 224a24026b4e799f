// English messages of /settings: title forms and the server default. The keys are the catalogue's; every other locale has exactly these.

export const settings = {
  'settings.form.romaji': 'main title (usually romaji)',
  'settings.form.english': 'English',
  'settings.form.japanese': 'Japanese',
  'settings.titles.saved.title': 'Title form saved',
  'settings.titles.saved.text':
    'You now see titles as **{form}** wherever you use the bot, whatever a server’s default. A work without a title in that form shows its main title.',
  'settings.serverTitles.saved.title': 'Server default saved',
  'settings.serverTitles.saved.text':
    'Members who have not chosen a title form now see titles as **{form}** in this server. Anyone can still pick their own with `/settings titles`.',
  'settings.serverTitles.reset.title': 'Server default reset',
  'settings.serverTitles.reset.text': 'Members who have not chosen a title form now see each work’s main title in this server.',
  'settings.show.title': 'Your title form',
  'settings.show.user': 'You see titles as **{form}**: your own choice (`/settings titles`).',
  'settings.show.server': 'You see titles as **{form}**: this server’s default, since you have not chosen a title form yourself. Pick your own with `/settings titles`.',
  'settings.show.default': 'You see each work’s **main title** (usually romaji): you have not chosen a title form, and no server default applies here. Pick one with `/settings titles`.',
  'settings.show.serverDefault': 'This server’s default: **{form}**.',
  'settings.show.noServerDefault': 'This server has no default: members without a choice see the main title.',
  'settings.show.directMessages': 'A server’s default applies only in that server.',
  'settings.show.fallback': 'A work without a title in the form you see shows its main title.',
} as const;
