// The DM a person gets when background work finds their login revoked (sent once across the
// deployment by the token manager; see service-clients.ts), through the Discord side's direct
// messages: over REST, so it works on either transport and in the shard manager.

import type { DirectMessages } from '../discord-api/discord-side.js';
import { translator } from '../i18n/index.js';
import type { TitlePreferences } from '../preferences/title-preferences.js';
import { finalizeMessage } from '../render/limits.js';

export function loginLostNotice(dms: DirectMessages, preferences: Pick<TitlePreferences, 'lastLocale'>): (discordUserId: string) => Promise<void> {
  return async (discordUserId) => {
    // In the language the person last used /login in (English when unknown or unreadable).
    const t = translator(await preferences.lastLocale(discordUserId).catch(() => undefined));
    await dms.send(discordUserId, { message: finalizeMessage({ embeds: [{ title: t.t('lists.loginLost.title'), description: t.t('lists.loginLost.text') }] }) });
  };
}
