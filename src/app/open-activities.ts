// The services people start from a command that go on as background work, each opened with what it
// posts through: list imports (progress and report over the Discord side, rendered by
// src/render/import-messages.ts), watch parties (events created, read and cancelled, "watched it?" posted),
// /wrapped's background years (cards in place of the command's answer) and the games' pools.

import { DEFAULT_ATTACHMENT_HOSTS } from '../config/defaults.js';
import { Games } from '../games/games.js';
import type { BotDeps } from '../interactions/context.js';
import { AttachmentReader } from '../list-files/attachment-fetch.js';
import { importMessenger } from '../list-files/discord-delivery.js';
import { ListImports, serviceImportWriter, serviceListReader, type ListImportDeps } from '../list-files/imports.js';
import type { RecapStore } from '../store/recaps.js';
import { servicePoolSource } from '../games/service-pool-source.js';
import { coverRoundDisplay } from './cover-round-display.js';
import { coverRoundIds } from '../render/game-cover.js';
import type { CoverSource } from '../covers/cover-source.js';
import { importPostIds, importRendering } from '../render/import-messages.js';
import { watchPartyEndedIds, watchPartyEndedRendering } from '../render/watch-party.js';
import { WrappedBackground } from '../views/wrapped-background.js';
import { watchPartyPoster, watchPartyReader } from '../watch-parties/discord-delivery.js';
import { WatchParties } from '../watch-parties/watch-parties.js';
import { leaseMsOf, type CoreEnv } from './core-env.js';

/**
 * List imports on the store and job engine: files fetched only from ATTACHMENT_HOSTS; writes with the
 * person's token as background work (unscoped: the shared line lets them go only when people's
 * requests leave room); progress and the report by DM (or the click's follow-ups).
 */
export async function openListImports({ o, now, store, jobs, service, tokens, discord }: CoreEnv): Promise<ListImportDeps> {
  const imports = new ListImports({
    kv: store.engine,
    jobs,
    log: o.log,
    now,
    write: serviceImportWriter(service, (userId) => tokens.sourceFor(userId, { background: true })),
    readList: serviceListReader(service, (userId) => tokens.sourceFor(userId, { background: true })),
    leaseMs: leaseMsOf(o),
    ...(o.config.imports?.sliceMs !== undefined ? { sliceMs: o.config.imports.sliceMs } : {}),
    messenger: importMessenger(discord, importRendering(importPostIds), now),
  });
  await imports.define();
  return { imports, files: new AttachmentReader({ hosts: o.config.imports?.attachmentHosts ?? [...DEFAULT_ATTACHMENT_HOSTS] }) };
}

/**
 * Watch parties: their events over the Discord side; their ends read by jobs (every minute while no
 * gateway session is connected, as a net every fifteen while one is), the post rendered by src/render/watch-party.ts.
 */
export async function openWatchParties({ o, now, store, jobs, discord }: CoreEnv): Promise<WatchParties> {
  const watchParties = new WatchParties({
    kv: store.engine,
    jobs,
    now,
    log: o.log,
    leaseMs: leaseMsOf(o),
    readEvent: watchPartyReader(discord),
    post: watchPartyPoster(discord, watchPartyEndedRendering(watchPartyEndedIds)),
    gateway: () => discord.gatewayConnected(),
    events: discord.events,
  });
  await watchParties.define();
  return watchParties;
}

/** /wrapped of a long list: the rest read on the fair line as background work, the cards in place of the command's answer. */
export async function openWrappedBackground({ o, now, jobs, tokens, discord }: CoreEnv, recaps: RecapStore, deps: () => BotDeps): Promise<WrappedBackground> {
  const wrappedBackground = new WrappedBackground({ jobs, recaps, tokens, deps, now, log: o.log, webhooks: discord.webhooks });
  await wrappedBackground.queue.define();
  return wrappedBackground;
}

/** The games' pools: read as background work (unscoped calls) on the shared line, weekly. */
export async function openGames({ o, now, store, jobs, service, discord }: CoreEnv, covers: Pick<CoverSource, 'cover'>): Promise<Games> {
  // Cover rounds are shown through the channel poster, their covers from the picture host through the cover cache.
  const coverDisplay = coverRoundDisplay({ poster: discord.channels, cover: (url) => covers.cover(url), ids: coverRoundIds });
  const games = new Games({ kv: store.engine, jobs, source: servicePoolSource(service), now, log: o.log, coverDisplay, poolReads: o.games?.poolReads ?? true });
  await games.define();
  return games;
}
