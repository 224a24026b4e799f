// The application's registered commands, global and per guild, and resolving a command interaction
// against them: real Discord only sends commands registered for the scope, allowed by their contexts
// and integration types, with options that match the registration.

import type { StoredCommand } from './command-validation.js';
import { isRecord } from './errors.js';
import { checkInteractionOptions, type CheckedOption } from './option-validation.js';
import type { InteractionInput } from './types.js';

export class CommandRegistry {
  readonly global: StoredCommand[] = [];
  private readonly byGuild = new Map<string, StoredCommand[]>();

  /** The live list for a scope (global when `guildId` is undefined), created empty on first use. */
  listFor(guildId: string | undefined): StoredCommand[] {
    if (guildId === undefined) return this.global;
    let list = this.byGuild.get(guildId);
    if (!list) {
      list = [];
      this.byGuild.set(guildId, list);
    }
    return list;
  }

  /** A copy of a scope's commands, as `fake.registeredCommands()` answers. */
  snapshot(guildId?: string): unknown[] {
    const list = guildId === undefined ? this.global : (this.byGuild.get(guildId) ?? []);
    return structuredClone(list);
  }

  /**
   * Refuses commands real Discord would not send (unregistered for this scope, excluded by contexts or
   * install types, options not matching the registration) and fills in the registered command's id.
   * Returns the leaf options with their definitions (undefined for other interaction types).
   */
  resolve(payload: InteractionInput, unchecked: boolean): CheckedOption[] | undefined {
    if (payload.type !== 2 && payload.type !== 4) return undefined;
    if (!payload.data) throw new Error(`fake discord: interaction type ${payload.type} needs data`);
    const name = payload.data.name;
    const type = payload.data.type ?? 1;
    const guildId = typeof payload.guild_id === 'string' ? payload.guild_id : undefined;
    const guildList = guildId ? (this.byGuild.get(guildId) ?? []) : [];
    const candidates = [...guildList, ...this.global];
    const match = candidates.find((c) => c.name === name && c.type === type);
    if (!match) {
      const scope = guildId ? `globally or for guild ${guildId}` : 'globally';
      const known = candidates.map((c) => `"${c.name}"`).join(', ') || 'none';
      throw new Error(`fake discord: command "${String(name)}" (type ${String(type)}) is not registered ${scope} (registered: ${known}); real Discord never sends it`);
    }
    payload.data.id = match.id;
    const options = checkInteractionOptions(match, payload, { unchecked });
    if (match.guild_id !== undefined) {
      payload.data.guild_id = match.guild_id;
      return options;
    }
    checkOffered(match, payload);
    return options;
  }
}

/** Discord only offers a global command where its contexts and integration types allow it. */
function checkOffered(match: StoredCommand, payload: InteractionInput): void {
  const name = payload.data?.name;
  if (Array.isArray(match.contexts) && !match.contexts.includes(payload.context)) {
    throw new Error(`command "${String(name)}" is registered with contexts ${JSON.stringify(match.contexts)}; Discord would not offer it in context ${String(payload.context)}`);
  }
  const owners = isRecord(payload.authorizing_integration_owners) ? Object.keys(payload.authorizing_integration_owners).map(Number) : [];
  if (Array.isArray(match.integration_types) && !owners.some((o) => (match.integration_types as unknown[]).includes(o))) {
    throw new Error(`command "${String(name)}" is registered with integration_types ${JSON.stringify(match.integration_types)}; this interaction comes from install type(s) ${JSON.stringify(owners)}`);
  }
}
