// Discord's message limits and the one gate every reply passes through.
import {
  ComponentType,
  MessageFlags,
  ButtonStyle,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIEmbedField,
  type APIModalInteractionResponseCallbackData,
  type APISelectMenuComponent,
  type APISelectMenuOption,
} from 'discord.js';
import { clipPlain, truncate } from './text.js';
import { removeHiddenCharacters } from './untrusted.js';
import { safeHttpUrl } from './url.js';
import { finalizeFiles, type FinalFile, type MessageFile } from './attachments.js';

export { ATTACHMENT_LIMITS, type FinalFile, type MessageFile } from './attachments.js';

export const DISCORD_LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooterText: 2048,
  embedAuthorName: 256,
  embedTotal: 6000,
  actionRows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  customId: 100,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectOptionDescription: 100,
  selectPlaceholder: 150,
  linkButtonUrl: 512,
} as const;

/** Shown where Discord demands non-empty text but there is nothing to say. */
export const EMPTY_TEXT = '\u200b';

export type MessageRow = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface RenderedMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: MessageRow[];
  ephemeral?: boolean;
  /** Pictures and other files sent with the message (multipart); each with its alt text. */
  files?: MessageFile[];
  /** A component's answer may instead open this form (a modal); what is typed comes back as a modal submit. */
  modal?: APIModalInteractionResponseCallbackData;
}

/** Raw API message body (snake_case, as sent to Discord). */
export interface FinalMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: MessageRow[];
  allowed_mentions: { parse: [] };
  /** `MessageFlags.Ephemeral` (64) when the rendered message was ephemeral. */
  flags?: number;
  /** Files to upload beside the body (multipart `files[n]`); never part of the JSON body itself. */
  uploads?: FinalFile[];
}

/** Characters Discord counts toward the 6000 total: titles, descriptions, field names and values, footers, author names. */
export function embedTextLength(embeds: readonly APIEmbed[]): number {
  let total = 0;
  for (const e of embeds) {
    total += e.title?.length ?? 0;
    total += e.description?.length ?? 0;
    total += e.footer?.text.length ?? 0;
    total += e.author?.name.length ?? 0;
    for (const f of e.fields ?? []) total += f.name.length + f.value.length;
  }
  return total;
}

/** Throws for a custom_id Discord would reject: a bug in the caller, never user data. */
export function checkCustomId(id: unknown): string {
  if (typeof id !== 'string' || id.length < 1 || id.length > DISCORD_LIMITS.customId) {
    const shown = typeof id === 'string' ? `${id.length} chars, starting ${JSON.stringify(id.slice(0, 40))}` : typeof id;
    throw new Error(`custom_id must be 1-${DISCORD_LIMITS.customId} characters (${shown})`);
  }
  return id;
}

/** Text that still shows something once hidden characters are gone (Discord rejects empty labels). */
function nonBlank(text: string | undefined): text is string {
  return text !== undefined && removeHiddenCharacters(text).trim() !== '';
}

function mediaUrl(url: string | undefined): string | undefined {
  if (url !== undefined && /^attachment:\/\/[^\s/]+$/.test(url)) return url;
  return safeHttpUrl(url);
}

function finalizeField(f: APIEmbedField): APIEmbedField {
  const field: APIEmbedField = {
    name: nonBlank(f.name) ? truncate(f.name, DISCORD_LIMITS.embedFieldName) : EMPTY_TEXT,
    value: nonBlank(f.value) ? truncate(f.value, DISCORD_LIMITS.embedFieldValue) : EMPTY_TEXT,
  };
  if (f.inline !== undefined) field.inline = f.inline;
  return field;
}

function hasVisibleContent(e: APIEmbed): boolean {
  return Boolean(e.title || e.description || e.fields?.length || e.image || e.thumbnail || e.author || e.footer);
}

function finalizeEmbed(e: APIEmbed): APIEmbed | undefined {
  const out: APIEmbed = {};
  if (nonBlank(e.title)) out.title = truncate(e.title, DISCORD_LIMITS.embedTitle);
  if (nonBlank(e.description)) out.description = truncate(e.description, DISCORD_LIMITS.embedDescription);
  const url = safeHttpUrl(e.url);
  if (url !== undefined) out.url = url;
  if (e.timestamp !== undefined && Number.isFinite(Date.parse(e.timestamp))) out.timestamp = e.timestamp;
  if (e.color !== undefined && Number.isInteger(e.color) && e.color >= 0 && e.color <= 0xffffff) out.color = e.color;
  if (e.footer && nonBlank(e.footer.text)) {
    out.footer = { text: clipPlain(e.footer.text, DISCORD_LIMITS.embedFooterText) };
    const icon = mediaUrl(e.footer.icon_url);
    if (icon !== undefined) out.footer.icon_url = icon;
  }
  if (e.author && nonBlank(e.author.name)) {
    out.author = { name: clipPlain(e.author.name, DISCORD_LIMITS.embedAuthorName) };
    const authorUrl = safeHttpUrl(e.author.url);
    if (authorUrl !== undefined) out.author.url = authorUrl;
    const icon = mediaUrl(e.author.icon_url);
    if (icon !== undefined) out.author.icon_url = icon;
  }
  const image = mediaUrl(e.image?.url);
  if (image !== undefined) out.image = { url: image };
  const thumbnail = mediaUrl(e.thumbnail?.url);
  if (thumbnail !== undefined) out.thumbnail = { url: thumbnail };
  if (e.fields && e.fields.length > 0) out.fields = e.fields.slice(0, DISCORD_LIMITS.embedFields).map(finalizeField);
  return hasVisibleContent(out) ? out : undefined;
}

interface Slot {
  read(): string;
  write(value: string | undefined): void;
  plain: boolean;
}

/** Shrinks the largest slot first, never below `floor`, until the embeds fit the total. */
function shrinkLargestFirst(embeds: APIEmbed[], slots: Slot[], floor: number): void {
  for (;;) {
    const excess = embedTextLength(embeds) - DISCORD_LIMITS.embedTotal;
    if (excess <= 0) return;
    let largest: Slot | undefined;
    for (const slot of slots) {
      if (slot.read().length > floor && (!largest || slot.read().length > largest.read().length)) largest = slot;
    }
    if (!largest) return;
    const text = largest.read();
    const target = Math.max(floor, text.length - excess);
    largest.write(target <= 0 ? undefined : largest.plain ? clipPlain(text, target) : truncate(text, target));
  }
}

function descriptionSlots(embeds: APIEmbed[]): Slot[] {
  return embeds.map((e) => ({
    read: () => e.description ?? '',
    write: (v) => {
      if (v) e.description = v;
      else delete e.description;
    },
    plain: false,
  }));
}

function fieldValueSlots(embeds: APIEmbed[]): Slot[] {
  return embeds.flatMap((e) =>
    (e.fields ?? []).map((f) => ({
      read: () => f.value,
      write: (v: string | undefined) => {
        f.value = v || EMPTY_TEXT;
      },
      plain: false,
    })),
  );
}

function footerSlots(embeds: APIEmbed[]): Slot[] {
  return embeds.map((e) => ({
    read: () => e.footer?.text ?? '',
    write: (v) => {
      if (v && e.footer) e.footer.text = v;
      else delete e.footer;
    },
    plain: true,
  }));
}

function authorSlots(embeds: APIEmbed[]): Slot[] {
  return embeds.map((e) => ({
    read: () => e.author?.name ?? '',
    write: (v) => {
      if (v && e.author) e.author.name = v;
      else delete e.author;
    },
    plain: true,
  }));
}

function titleSlots(embeds: APIEmbed[]): Slot[] {
  return embeds.map((e) => ({
    read: () => e.title ?? '',
    write: (v) => {
      if (v) e.title = v;
      else delete e.title;
    },
    plain: false,
  }));
}

function fits(embeds: APIEmbed[]): boolean {
  return embedTextLength(embeds) <= DISCORD_LIMITS.embedTotal;
}

/** Brings all embeds together under 6000 characters, sacrificing the least informative text first. */
function fitTotal(embeds: APIEmbed[]): APIEmbed[] {
  if (fits(embeds)) return embeds;
  shrinkLargestFirst(embeds, descriptionSlots(embeds), 256);
  shrinkLargestFirst(embeds, fieldValueSlots(embeds), 64);
  for (let i = embeds.length - 1; i >= 0 && !fits(embeds); ) {
    const e = embeds[i];
    if (e?.fields && e.fields.length > 0) {
      e.fields.pop();
      if (e.fields.length === 0) delete e.fields;
    } else {
      i--;
    }
  }
  shrinkLargestFirst(embeds, footerSlots(embeds), 0);
  shrinkLargestFirst(embeds, authorSlots(embeds), 0);
  shrinkLargestFirst(embeds, descriptionSlots(embeds), 0);
  shrinkLargestFirst(embeds, titleSlots(embeds), 0);
  while (embeds.length > 1 && !fits(embeds)) embeds.pop();
  return embeds.filter(hasVisibleContent);
}

function clipValue(value: string, max: number): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function finalizeButton(b: APIButtonComponent, seen: Set<string>): APIButtonComponent | undefined {
  const out = { ...b };
  if ('custom_id' in out) {
    checkCustomId(out.custom_id);
    if (seen.has(out.custom_id)) throw new Error(`duplicate custom_id in one message: ${JSON.stringify(out.custom_id.slice(0, 40))}`);
    seen.add(out.custom_id);
  }
  if (out.style === ButtonStyle.Link && 'url' in out) {
    const url = safeHttpUrl(out.url);
    if (url === undefined || url.length > DISCORD_LIMITS.linkButtonUrl) return undefined;
    out.url = url;
  }
  if ('label' in out && out.label !== undefined) {
    if (nonBlank(out.label)) out.label = clipPlain(out.label, DISCORD_LIMITS.buttonLabel);
    else delete out.label;
  }
  return out;
}

function finalizeOptions(options: APISelectMenuOption[]): APISelectMenuOption[] {
  const values = new Set<string>();
  const out: APISelectMenuOption[] = [];
  for (const o of options) {
    if (out.length >= DISCORD_LIMITS.selectOptions) break;
    const value = clipValue(o.value, DISCORD_LIMITS.selectOptionValue);
    if (value === '' || values.has(value)) continue;
    values.add(value);
    const option: APISelectMenuOption = {
      ...o,
      label: nonBlank(o.label) ? clipPlain(o.label, DISCORD_LIMITS.selectOptionLabel) : clipPlain(value, DISCORD_LIMITS.selectOptionLabel),
      value,
    };
    if (nonBlank(o.description)) option.description = clipPlain(o.description, DISCORD_LIMITS.selectOptionDescription);
    else delete option.description;
    out.push(option);
  }
  return out;
}

function finalizeSelect(s: APISelectMenuComponent, seen: Set<string>): APISelectMenuComponent | undefined {
  checkCustomId(s.custom_id);
  if (seen.has(s.custom_id)) throw new Error(`duplicate custom_id in one message: ${JSON.stringify(s.custom_id.slice(0, 40))}`);
  seen.add(s.custom_id);
  const out = { ...s };
  if (out.placeholder !== undefined) {
    if (nonBlank(out.placeholder)) out.placeholder = clipPlain(out.placeholder, DISCORD_LIMITS.selectPlaceholder);
    else delete out.placeholder;
  }
  let maxChoices: number = DISCORD_LIMITS.selectOptions;
  if (out.type === ComponentType.StringSelect) {
    out.options = finalizeOptions(out.options);
    if (out.options.length === 0) return undefined;
    maxChoices = out.options.length;
  }
  if (out.min_values !== undefined) out.min_values = Math.min(Math.max(0, Math.trunc(out.min_values)), maxChoices);
  if (out.max_values !== undefined) out.max_values = Math.min(Math.max(1, Math.trunc(out.max_values), out.min_values ?? 0), maxChoices);
  return out;
}

/** Rows of at most 5 buttons, every select alone in its row, at most 5 rows (later ones dropped). */
function finalizeComponents(rows: readonly MessageRow[]): MessageRow[] {
  const out: MessageRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.type !== ComponentType.ActionRow) continue;
    let buttons: APIButtonComponent[] = [];
    const flush = (): void => {
      for (let i = 0; i < buttons.length; i += DISCORD_LIMITS.buttonsPerRow) {
        out.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + DISCORD_LIMITS.buttonsPerRow) });
      }
      buttons = [];
    };
    for (const c of row.components) {
      if (c.type === ComponentType.Button) {
        const b = finalizeButton(c, seen);
        if (b) buttons.push(b);
      } else {
        flush();
        const s = finalizeSelect(c, seen);
        if (s) out.push({ type: ComponentType.ActionRow, components: [s] });
      }
    }
    flush();
  }
  return out.slice(0, DISCORD_LIMITS.actionRows);
}

/**
 * The gate every reply goes through: clamps text to Discord's limits (keeping markdown balanced),
 * fits the 6000-character embed total, reshapes components, and disables all mentions.
 * Throws only for a bad custom_id (missing, over 100 characters or duplicated) or a bad file (see
 * attachments.ts): both bugs in the renderer.
 */
export function finalizeMessage(msg: RenderedMessage): FinalMessage {
  const out: FinalMessage = { allowed_mentions: { parse: [] } };
  if (msg.content !== undefined && msg.content !== '') out.content = truncate(msg.content, DISCORD_LIMITS.content);
  if (msg.embeds !== undefined) {
    const embeds = msg.embeds
      .map(finalizeEmbed)
      .filter((e): e is APIEmbed => e !== undefined)
      .slice(0, DISCORD_LIMITS.embedsPerMessage);
    out.embeds = fitTotal(embeds);
  }
  if (msg.components !== undefined) out.components = finalizeComponents(msg.components);
  if (msg.files !== undefined && msg.files.length > 0) out.uploads = finalizeFiles(msg.files);
  const saysSomething = out.content !== undefined || (out.embeds?.length ?? 0) > 0 || (out.components?.length ?? 0) > 0 || out.uploads !== undefined;
  if (!saysSomething && (msg.content !== undefined || msg.embeds !== undefined)) out.content = EMPTY_TEXT;
  if (msg.ephemeral) out.flags = MessageFlags.Ephemeral;
  return out;
}
