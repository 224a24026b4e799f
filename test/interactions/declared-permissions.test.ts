// Any Discord permission may be declared (`permission`, `creatorOr`); the refusal names it in the
// user's language, so every permission a command or component declares is named in each catalogue.

import { describe, expect, it } from 'vitest';
import { commands, components } from '../../src/app/command-registry.js';
import { LOCALES, translator } from '../../src/i18n/index.js';
import type { Rules } from '../../src/interactions/rules.js';

const declared = [...commands.flatMap((c) => Object.values(c.handlers)), ...components] as readonly Rules[];
const permissions = [...new Set(declared.flatMap((r) => [r.permission, r.creatorOr]).filter((p) => p !== undefined))];

describe('declared permissions', () => {
  it('are declared at all (Manage Server, Manage Events)', () => {
    expect(permissions).toEqual(expect.arrayContaining(['ManageGuild', 'ManageEvents']));
  });

  it.each(LOCALES)('are each named in %s, never shown as the flag', (locale) => {
    const t = translator(locale);
    for (const permission of permissions) {
      const title = t.t('error.permission.title', { permission });
      expect(title).not.toContain(permission);
      expect(t.t('error.permission.text', { permission, command: 'none' })).not.toContain(permission);
    }
  });
});
