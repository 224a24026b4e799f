// Builds the context of one interaction: who acts and where, its budget's signal and deadline, the
// service client bound to that budget, and every work it reads in the title form its person reads.

import type { BaseInteraction } from 'discord.js';
import type { TokenSource } from '../service/token-source.js';
import type { TitleForm } from '../service/title-forms.js';
import { localeOf, translator } from '../i18n/index.js';
import type { Logger } from '../log/log.js';
import { airingInTitleForm, lazyTitleForm } from '../preferences/interaction-titles.js';
import type { Budget } from './deadline.js';
import type { BaseContext, BotDeps } from './context.js';
import { NotLoggedInError } from './user-errors.js';
import type { WhereTracker } from './where.js';

export class ContextFactory {
  constructor(
    private readonly deps: BotDeps,
    private readonly where: WhereTracker,
  ) {}

  /** The title form an interaction shows works in: its person's preference, read once on first use. */
  titleFormOf(interaction: BaseInteraction, log: Logger): () => Promise<TitleForm> {
    const who = { userId: interaction.user.id, guildId: interaction.guildId ?? undefined };
    return lazyTitleForm(this.deps.preferences, who, (error) => log.warn('the title preference could not be read; main titles shown', { error }));
  }

  /**
   * The context of one interaction: every service call it makes is bound to its budget, and every
   * work it reads (service, airing titles) comes in the title form its person reads.
   */
  base(interaction: BaseInteraction, log: Logger, budget: Budget, titleForm = this.titleFormOf(interaction, log)): BaseContext {
    const userId = interaction.user.id;
    // discord.js reads the owners from every interaction's payload (a test's stand-in may leave them out).
    const owners = interaction.authorizingIntegrationOwners as typeof interaction.authorizingIntegrationOwners | undefined;
    const where = this.where.take(interaction.id, { inGuild: interaction.inGuild(), owners: owners && { '0': owners.guildId ?? undefined, '1': owners.userId ?? undefined } });
    const { accounts } = this.deps;
    const service = this.deps.service.scoped({
      signal: budget.controller.signal,
      // The deadline moves later while the interaction waits in the deployment's line (deadline.ts).
      get deadlineAt() {
        return budget.deadlineAt;
      },
      waitInLine: (minAttemptMs) => budget.waitInLine(minAttemptMs),
      priority: interaction.isAutocomplete() ? 'autocomplete' : 'interactive',
      person: userId,
      onStale: () => {
        budget.stale = true;
      },
      titleForm,
    });
    let viewer: Promise<TokenSource | undefined> | undefined;
    const viewerAuth = (): Promise<TokenSource | undefined> =>
      (viewer ??= accounts.linkedAs(userId).then((name) => (name === undefined ? undefined : accounts.tokenSource(userId))));
    const guildLocale = 'guildLocale' in interaction && typeof interaction.guildLocale === 'string' ? localeOf(interaction.guildLocale) : undefined;
    return {
      userId,
      ...(interaction.guildId !== null ? { guildId: interaction.guildId } : {}),
      t: translator(interaction.locale),
      ...(guildLocale !== undefined ? { guildLocale } : {}),
      where,
      deps: { ...this.deps, log, service, airing: airingInTitleForm(this.deps.airing, titleForm) },
      signal: budget.controller.signal,
      deadlineAt: budget.latestAt,
      budgetEndsAt: () => budget.deadlineAt,
      viewerAuth,
      requireAuth: async () => {
        const auth = await viewerAuth();
        if (!auth) throw new NotLoggedInError();
        return auth;
      },
    };
  }
}
