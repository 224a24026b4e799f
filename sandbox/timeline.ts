// What each channel shows to each sandbox user: the interactions sent from the page, the messages
// the bot answered with (as the fake Discord holds them now), the messages it posted on its own (a
// server channel's reminders, a user's reminder DMs) and, when Discord refused something, the
// failure and its reason, as Discord's client would show it.

import type { FakeDiscord, InteractionHandle, RecordedMessage } from '../fake-discord/index.js';
import { channelIdOf, type Place, type SandboxUser } from './places.js';

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
  /** Pictures the message carries, served by the page itself (`/attachments/<id>`), with their alt text. */
  attachments: AttachmentView[];
  /** A native poll the message carries, with its counts as Discord reports them now. */
  poll?: PollView;
  timestamp: string;
}

export interface PollView {
  question: string;
  answers: Array<{ id: number; text: string; count: number }>;
  /** When it ends (ISO time). */
  expiry: string;
  finalized: boolean;
  total: number;
}

function pollView(poll: unknown): PollView | undefined {
  if (typeof poll !== 'object' || poll === null) return undefined;
  const p = poll as { question?: { text?: unknown }; answers?: unknown; expiry?: unknown; results?: { answer_counts?: unknown; is_finalized?: unknown } };
  const counts = new Map<number, number>();
  for (const c of Array.isArray(p.results?.answer_counts) ? p.results.answer_counts : []) {
    const r = c as { id?: unknown; count?: unknown };
    if (typeof r.id === 'number' && typeof r.count === 'number') counts.set(r.id, r.count);
  }
  const answers = (Array.isArray(p.answers) ? p.answers : []).flatMap((a: unknown) => {
    const r = a as { answer_id?: unknown; poll_media?: { text?: unknown } };
    return typeof r.answer_id === 'number' ? [{ id: r.answer_id, text: typeof r.poll_media?.text === 'string' ? r.poll_media.text : '', count: counts.get(r.answer_id) ?? 0 }] : [];
  });
  return {
    question: typeof p.question?.text === 'string' ? p.question.text : '',
    answers,
    expiry: typeof p.expiry === 'string' ? p.expiry : '',
    finalized: p.results?.is_finalized === true,
    total: answers.reduce((sum, a) => sum + a.count, 0),
  };
}

export interface AttachmentView {
  id: string;
  filename: string;
  contentType: string;
  description?: string;
  width?: number;
  height?: number;
}

function attachmentViews(attachments: unknown): AttachmentView[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.flatMap((a: unknown) => {
    if (typeof a !== 'object' || a === null) return [];
    const r = a as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.filename !== 'string') return [];
    return [{
      id: r.id,
      filename: r.filename,
      contentType: typeof r.content_type === 'string' ? r.content_type : 'application/octet-stream',
      ...(typeof r.description === 'string' ? { description: r.description } : {}),
      ...(typeof r.width === 'number' && typeof r.height === 'number' ? { width: r.width, height: r.height } : {}),
    }];
  });
}

export interface EntryView {
  seq: number;
  /** `post`: a message the bot sent on its own, not in answer to an interaction. */
  kind: Entry['kind'] | 'post';
  /** Who used the command or clicked; absent for a post. */
  user?: SandboxUser;
  label: string;
  state: 'waiting' | 'answered' | 'failed';
  /** Why Discord failed the interaction, one reason per line. */
  failure?: string[];
  messages: MessageView[];
}

export class Timeline {
  private readonly entries: Entry[] = [];
  private seq = 0;
  /** Message id → seq of the bot's own posts, numbered when first seen. */
  private readonly postSeqs = new Map<string, number>();

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
    const post = this.postsIn(place, user).find((m) => m.id === messageId);
    if (post) return post;
    for (const entry of this.visibleEntries(place, user)) {
      for (const message of messagesOf(entry.handle)) {
        if (message.id !== messageId) continue;
        if (isEphemeral(message) && entry.user.id !== user.id) return undefined;
        return message;
      }
    }
    return undefined;
  }

  /** How many messages the bot posted on its own that the user sees in this place. */
  postCount(place: Place, user: SandboxUser): number {
    return this.postsIn(place, user).length;
  }

  view(place: Place, user: SandboxUser): EntryView[] {
    // Interactions and posts in the order they happened: both ids are snowflakes of the same clock.
    const items: Array<{ at: bigint; view: EntryView }> = this.postsIn(place, user).map((m) => ({ at: BigInt(m.id), view: this.postView(m) }));
    for (const entry of this.visibleEntries(place, user)) {
      const view = this.entryView(entry, user);
      if (view) items.push({ at: BigInt(entry.handle.id), view });
    }
    return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.view.seq - b.view.seq)).map((i) => i.view);
  }

  /** What the bot posted in this place on its own: in a server channel, or in this user's DMs. */
  private postsIn(place: Place, user: SandboxUser): RecordedMessage[] {
    if (place.kind === 'dm') return this.discord.dms.messagesTo(user.id);
    const channelId = channelIdOf(place);
    return channelId === undefined ? [] : this.discord.guilds.messagesIn(channelId);
  }

  private postView(message: RecordedMessage): EntryView {
    let seq = this.postSeqs.get(message.id);
    if (seq === undefined) {
      seq = ++this.seq;
      this.postSeqs.set(message.id, seq);
    }
    return { seq, kind: 'post', label: '', state: 'answered', messages: [messageView(message)] };
  }

  private entryView(entry: Entry, user: SandboxUser): EntryView | undefined {
    const mine = entry.user.id === user.id;
    // A component answered by updating its message (types 6/7) shows no new message of its own.
    const updatesSource = entry.kind === 'component' && (entry.responseType === 6 || entry.responseType === 7);
    const own = [...(updatesSource ? [] : [entry.handle.original()]), ...entry.handle.followUps()].filter(
      (m): m is RecordedMessage => m !== undefined,
    );
    const messages = own.filter((m) => mine || !isEphemeral(m)).map(messageView);
    const failure = this.failureOf(entry);
    // Other people see neither an ephemeral answer nor someone else's failed interaction.
    if (!mine && messages.length === 0) return undefined;
    if (!mine && updatesSource) return undefined;
    const state: EntryView['state'] = failure ? 'failed' : entry.responseType === undefined ? 'waiting' : 'answered';
    return {
      seq: entry.seq,
      kind: entry.kind,
      user: entry.user,
      label: entry.label,
      state,
      ...(failure && mine ? { failure } : {}),
      messages,
    };
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
    attachments: attachmentViews(m.attachments),
    ...(() => {
      const poll = pollView((m as unknown as { poll?: unknown }).poll);
      return poll ? { poll } : {};
    })(),
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
