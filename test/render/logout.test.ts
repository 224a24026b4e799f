// The /logout renderer on its own: the forget button carries the given id, the community note shows
// only when a shown list is kept, and the forget answer names each kind of record deleted.

import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.js';
import { forgetMeId, forgottenMessage, logoutMessage } from '../../src/render/logout.js';

describe('logout renderer', () => {
  it('offers the forget button with the given id, and tells a community member until when their lists stay', () => {
    const m = logoutMessage(ENGLISH, { existed: true, name: 'a_b', staleUntil: Date.UTC(2026, 0, 1) }, 'forget-id');
    const row = m.components?.[0];
    expect(row && 'components' in row ? row.components[0] : undefined).toMatchObject({ custom_id: 'forget-id', label: ENGLISH.t('lists.logout.forgetButton') });
    expect(m.embeds?.[0]?.description).toContain('a\\_b');
    expect(m.embeds?.[0]?.description).toContain('<t:1767225600:D>');
    const none = logoutMessage(ENGLISH, { existed: false, name: undefined, staleUntil: undefined }, 'forget-id');
    expect(none.embeds?.[0]?.title).toBe(ENGLISH.t('lists.logout.notLinked.title'));
  });

  it('lists each kind deleted and every kind checked', () => {
    const m = forgottenMessage(ENGLISH, [
      { kind: 'account', label: 'account', deleted: 1 },
      { kind: 'reminders', label: 'reminders', deleted: 0 },
    ]);
    const text = m.embeds?.[0]?.description ?? '';
    expect(text).toContain(`- ${ENGLISH.t('lists.forget.kind.account')}: 1`);
    expect(text).not.toContain(`- ${ENGLISH.t('lists.forget.kind.reminders')}`);
    expect(text).toContain(ENGLISH.t('lists.forget.kind.reminders'));
    expect(forgottenMessage(ENGLISH, []).embeds?.[0]?.description).toContain(ENGLISH.t('lists.forget.nothing'));
  });

  it('names "forget me" for the person who logged out (their id in base 36)', () => {
    expect(forgetMeId('80351110224678912')).toBe('fg|lz63ag7l4ao');
  });
});
