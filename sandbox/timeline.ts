// What each channel shows to each sandbox user: the interactions sent from the page, the messages
// the bot answered with (as the fake Discord holds them now) and, when Discord refused something,
// the failure and its reason, as Discord's client would show it.

import type { FakeDiscord, InteractionHandle, RecordedMessage } from '../fake-discord/index.js';
import type { Place, SandboxUser } from './places.js';

const EPHEMERAL = 1 << 6;
const LOADING = 1 << 7;

export interface Entry {
  seq: number;
  place: Place;
  user: SandboxUser;
  kind: 'command' | 'component';
  /** What the user did, e.g. `/anime search query: frieren` or `Next ▶`. */
  label: string;
  handle: InteractionHandle;
  /** Callback type of the accepted first response, once known. */
  responseType?: number;
  /** Set once the 3 s deadline passed without an accepted first response. */
  unanswered?: boolean;
}

export interface MessageView {
  id: string;
  ephemeral: boolean;
  /** The "thinking…" state of a deferred answer. */
  loading: boolean;
  edited: boolean;
  content: string;
  embeds: unknown[];
  components: unknown[];
  timestamp: string;
}

export interface EntryView {
  seq: number;
  kind: Entry['kind'];
  user: SandboxUser;
  label: string;
  state: 'waiting' | 'answered' | 'failed';
  /** Why Discord failed the interaction, one reason per line. */
  failure?: string[];
  messages: MessageView[];
}

export class Timeline {
  private readonly entries: Entry[] = [];
  private seq = 0;

  constructor(private readonly discord: FakeDiscord) {}

  add(place: Place, user: SandboxUser, kind: Entry['kind'], label: string, handle: InteractionHandle): Entry {
    const entry: Entry = { seq: ++this.seq, place, user, kind, label, handle };
    this.entries.push(entry);
    handle.firstResponse(60_000).then(
      (response) => {
        entry.responseType = response.type;
      },
      () => {
        entry.unanswered = true;
      },
    );
    return entry;
  }

  /** A message the user can see in this place (for component clicks). */
  findMessage(place: Place, user: SandboxUser, messageId: string): RecordedMessage | undefined {
    for (const entry of this.visibleEntries(place, user)) {
      for (const message of messagesOf(entry.handle)) {
        if (message.id !== messageId) continue;
        if (isEphemeral(message) && entry.user.id !== user.id) return undefined;
        return message;
      }
    }
    return undefined;
  }

  view(place: Place, user: SandboxUser): EntryView[] {
    return this.visibleEntries(place, user).flatMap((entry) => {
      const mine = entry.user.id === user.id;
      // A component answered by updating its message (types 6/7) shows no new message of its own.
      const updatesSource = entry.kind === 'component' && (entry.responseType === 6 || entry.responseType === 7);
      const own = [...(updatesSource ? [] : [entry.handle.original()]), ...entry.handle.followUps()].filter(
        (m): m is RecordedMessage => m !== undefined,
      );
      const messages = own.filter((m) => mine || !isEphemeral(m)).map(messageView);
      const failure = this.failureOf(entry);
      // Other people see neither an ephemeral answer nor someone else's failed interaction.
      if (!mine && messages.length === 0) return [];
      if (!mine && updatesSource) return [];
      const state: EntryView['state'] = failure ? 'failed' : entry.responseType === undefined ? 'waiting' : 'answered';
      return [
        {
          seq: entry.seq,
          kind: entry.kind,
          user: entry.user,
          label: entry.label,
          state,
          ...(failure && mine ? { failure } : {}),
          messages,
        },
      ];
    });
  }

  private visibleEntries(place: Place, user: SandboxUser): Entry[] {
    return this.entries.filter((e) => e.place.key === place.key && (place.kind !== 'dm' || e.user.id === user.id));
  }

  /** Discord's reasons for refusing the bot's calls for this interaction, or a missed deadline. */
  private failureOf(entry: Entry): string[] | undefined {
    const reasons: string[] = [];
    for (const call of this.discord.calls) {
      if (call.interactionId !== entry.handle.id || call.status < 400) continue;
      reasons.push(...describeRejection(call.method, call.route ?? call.path, call.status, call.response));
    }
    if (entry.unanswered) reasons.unshift('The application did not respond within 3 seconds.');
    return reasons.length > 0 ? reasons : undefined;
  }
}

function messagesOf(handle: InteractionHandle): RecordedMessage[] {
  const original = handle.original();
  return [...(original ? [original] : []), ...handle.followUps()];
}

function isEphemeral(message: RecordedMessage): boolean {
  return ((message.flags ?? 0) & EPHEMERAL) !== 0;
}

function messageView(m: RecordedMessage): MessageView {
  const flags = m.flags ?? 0;
  return {
    id: m.id,
    ephemeral: (flags & EPHEMERAL) !== 0,
    loading: (flags & LOADING) !== 0,
    edited: m.edited_timestamp !== null && m.edited_timestamp !== undefined,
    content: m.content,
    embeds: m.embeds,
    components: m.components ?? [],
    timestamp: m.timestamp,
  };
}

/** `400 Invalid Form Body` plus each field error as `data.embeds.0.title: Must be 256 or fewer in length.` */
export function describeRejection(method: string, route: string, status: number, body: unknown): string[] {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const head = `${method} ${route} → ${status}${typeof record.code === 'number' ? ` (code ${record.code})` : ''}: ${typeof record.message === 'string' ? record.message : 'refused'}`;
  const details: string[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === '_errors' && Array.isArray(value)) {
        for (const e of value) {
          const message = typeof e === 'object' && e !== null ? (e as { message?: unknown }).message : undefined;
          details.push(`${path.join('.') || '(body)'}: ${typeof message === 'string' ? message : 'invalid'}`);
        }
      } else {
        walk(value, [...path, key]);
      }
    }
  };
  walk(record.errors, []);
  return [head, ...details];
}
