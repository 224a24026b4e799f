import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../../src/i18n/index.js';
import { settingSavedMessage, settingsMessage } from '../../src/render/settings.js';

const description = (m: ReturnType<typeof settingsMessage>): string => m.embeds?.[0]?.description ?? '';

describe('/settings answers', () => {
  it('says what applies and why: the server default in a server, none in DMs', () => {
    const inServer = settingsMessage(ENGLISH, { form: { form: 'english', source: 'server' }, serverForm: 'english', spoilers: { policy: 'sequels', source: 'default' }, boardsHidden: false });
    expect(description(inServer)).toContain('This server’s default: **');
    expect(description(inServer)).toContain('A work without a title in the form you see shows its main title.');
    const inDms = settingsMessage(ENGLISH, { form: { form: 'romaji', source: 'default' }, serverForm: null, spoilers: { policy: 'sequels', source: 'default' }, boardsHidden: true });
    expect(description(inDms)).toContain('A server’s default applies only in that server.');
    expect(description(inDms)).not.toContain('A work without a title in the form you see');
    expect(inDms.ephemeral).toBe(true);
  });

  it('names the saved value, or the reset, in the reader’s language', () => {
    const reset = settingSavedMessage(ENGLISH, { setting: 'serverTitles', reset: true });
    expect(reset.embeds?.[0]?.title).toBe('Server default reset');
    const saved = settingSavedMessage(ENGLISH, { setting: 'spoilers', policy: 'never' });
    expect(saved.embeds?.[0]?.description).toMatch(/^Synopses in your answers: \*\*.+\*\*/);
    const german = settingSavedMessage(translator('de'), { setting: 'serverTitles', reset: true });
    expect(german.embeds?.[0]?.title).not.toBe('Server default reset');
  });
});
