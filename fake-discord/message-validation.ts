import { type ErrorPath, type FormErrors, isRecord, textLength } from './errors.js';
import { checkArray, checkInteger, checkString } from './validate-common.js';

export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);
const V2_TOP_LEVEL = new Set([1, 9, 10, 12, 13, 14, 17]);
const V2_IN_CONTAINER = new Set([1, 9, 10, 12, 13, 14]);
const EMBED_TOTAL_MAX = 6000;

/** Tracks custom_ids across one message (they must be unique within it). */
class CustomIds {
  private readonly seen = new Set<string>();
  check(errs: FormErrors, path: ErrorPath, value: unknown, required: boolean): void {
    const id = checkString(errs, path, value, { min: 1, max: 100, required });
    if (id === undefined) return;
    if (this.seen.has(id)) {
      errs.add(path, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    }
    this.seen.add(id);
  }
}

/**
 * Validates the message fields of a create/edit body (interaction callback `data`, webhook
 * execute, webhook message edit). `isV2` says whether the resulting message has IS_COMPONENTS_V2.
 */
export function validateMessageBody(errs: FormErrors, base: ErrorPath, body: unknown, isV2: boolean): void {
  if (!isRecord(body)) {
    errs.add(base, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  checkString(errs, [...base, 'content'], body.content, { max: 2000 });
  if (body.flags !== undefined && body.flags !== null) {
    checkInteger(errs, [...base, 'flags'], body.flags, { min: 0, max: 2 ** 31 });
  }
  if (isV2) {
    if (typeof body.content === 'string' && body.content !== '') {
      errs.add(
        [...base, 'content'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        'The \'content\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2',
      );
    }
    if (Array.isArray(body.embeds) && body.embeds.length > 0) {
      errs.add(
        [...base, 'embeds'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        'The \'embeds\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2',
      );
    }
  }
  validateEmbeds(errs, [...base, 'embeds'], body.embeds);
  const ids = new CustomIds();
  if (isV2) validateV2Components(errs, [...base, 'components'], body.components, ids);
  else validateClassicComponents(errs, [...base, 'components'], body.components, ids);
  validateAllowedMentions(errs, [...base, 'allowed_mentions'], body.allowed_mentions);
}

function validateEmbeds(errs: FormErrors, path: ErrorPath, value: unknown): void {
  const embeds = checkArray(errs, path, value, { max: 10 });
  if (!embeds) return;
  let total = 0;
  embeds.forEach((embed, i) => {
    total += validateEmbed(errs, [...path, i], embed);
  });
  if (total > EMBED_TOTAL_MAX) {
    errs.add(path, 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${EMBED_TOTAL_MAX}`);
  }
}

/** Validates one embed and returns the number of characters it counts toward the 6000 total. */
function validateEmbed(errs: FormErrors, path: ErrorPath, embed: unknown): number {
  if (!isRecord(embed)) {
    errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return 0;
  }
  let total = 0;
  const count = (s: string | undefined): void => {
    if (s !== undefined) total += textLength(s);
  };
  count(checkString(errs, [...path, 'title'], embed.title, { max: 256 }));
  count(checkString(errs, [...path, 'description'], embed.description, { max: 4096 }));
  checkString(errs, [...path, 'url'], embed.url, { max: 2048 });
  if (embed.color !== undefined && embed.color !== null) {
    checkInteger(errs, [...path, 'color'], embed.color, { min: 0, max: 0xffffff });
  }
  const fields = checkArray(errs, [...path, 'fields'], embed.fields, { max: 25 });
  fields?.forEach((field, j) => {
    const fp = [...path, 'fields', j];
    if (!isRecord(field)) {
      errs.add(fp, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    count(checkString(errs, [...fp, 'name'], field.name, { min: 1, max: 256, required: true }));
    count(checkString(errs, [...fp, 'value'], field.value, { min: 1, max: 1024, required: true }));
  });
  if (embed.footer !== undefined && embed.footer !== null) {
    if (isRecord(embed.footer)) {
      count(checkString(errs, [...path, 'footer', 'text'], embed.footer.text, { min: 1, max: 2048, required: true }));
    } else {
      errs.add([...path, 'footer'], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    }
  }
  if (embed.author !== undefined && embed.author !== null) {
    if (isRecord(embed.author)) {
      count(checkString(errs, [...path, 'author', 'name'], embed.author.name, { min: 1, max: 256, required: true }));
    } else {
      errs.add([...path, 'author'], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    }
  }
  return total;
}

function validateClassicComponents(errs: FormErrors, path: ErrorPath, value: unknown, ids: CustomIds): void {
  const rows = checkArray(errs, path, value, { max: 5 });
  rows?.forEach((row, i) => validateActionRow(errs, [...path, i], row, ids));
}

function validateActionRow(errs: FormErrors, path: ErrorPath, row: unknown, ids: CustomIds): void {
  if (!isRecord(row) || row.type !== 1) {
    errs.add(path, 'COMPONENT_TYPE_INVALID', 'The specified component type is invalid in this context');
    return;
  }
  const children = checkArray(errs, [...path, 'components'], row.components, { min: 1, max: 5, required: true });
  if (!children) return;
  const hasSelect = children.some((c) => isRecord(c) && typeof c.type === 'number' && SELECT_TYPES.has(c.type));
  if (hasSelect && children.length > 1) {
    errs.add(
      [...path, 'components'],
      'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
      'The specified component exceeds the maximum width',
    );
  }
  children.forEach((child, j) => {
    const cp = [...path, 'components', j];
    if (!isRecord(child)) {
      errs.add(cp, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    } else if (child.type === 2) {
      validateButton(errs, cp, child, ids);
    } else if (typeof child.type === 'number' && SELECT_TYPES.has(child.type)) {
      validateSelect(errs, cp, child, ids);
    } else {
      errs.add([...cp, 'type'], 'COMPONENT_TYPE_INVALID', 'The specified component type is invalid in this context');
    }
  });
}

function validateButton(errs: FormErrors, path: ErrorPath, button: Record<string, unknown>, ids: CustomIds): void {
  const style = checkInteger(errs, [...path, 'style'], button.style, { min: 1, max: 6, required: true });
  checkString(errs, [...path, 'label'], button.label, { max: 80 });
  const hasLabelOrEmoji = (typeof button.label === 'string' && button.label !== '') || isRecord(button.emoji);
  if (style === 5) {
    checkString(errs, [...path, 'url'], button.url, { min: 1, max: 512, required: true });
    if (button.custom_id !== undefined) {
      errs.add([...path, 'custom_id'], 'BUTTON_COMPONENT_LINK_HAS_CUSTOM_ID', 'A link button cannot have a custom id');
    }
  } else if (style === 6) {
    checkString(errs, [...path, 'sku_id'], button.sku_id, { min: 1, max: 20, required: true });
    for (const key of ['custom_id', 'url', 'label', 'emoji'] as const) {
      if (button[key] !== undefined) {
        errs.add([...path, key], 'BUTTON_COMPONENT_PREMIUM_INVALID', `A premium button cannot have a ${key}`);
      }
    }
  } else if (style !== undefined) {
    ids.check(errs, [...path, 'custom_id'], button.custom_id, true);
    if (button.url !== undefined) {
      errs.add([...path, 'url'], 'BUTTON_COMPONENT_URL_NOT_ALLOWED', 'Only link buttons can have a url');
    }
  }
  if (style !== undefined && style !== 6 && !hasLabelOrEmoji) {
    errs.add([...path, 'label'], 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji');
  }
}

function validateSelect(errs: FormErrors, path: ErrorPath, select: Record<string, unknown>, ids: CustomIds): void {
  ids.check(errs, [...path, 'custom_id'], select.custom_id, true);
  checkString(errs, [...path, 'placeholder'], select.placeholder, { max: 150 });
  const min = checkInteger(errs, [...path, 'min_values'], select.min_values, { min: 0, max: 25 });
  const max = checkInteger(errs, [...path, 'max_values'], select.max_values, { min: 1, max: 25 });
  if (min !== undefined && max !== undefined && min > max) {
    errs.add([...path, 'min_values'], 'SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX', 'min_values cannot exceed max_values');
  }
  if (select.type !== 3) {
    checkArray(errs, [...path, 'default_values'], select.default_values, { max: 25 });
    return;
  }
  const options = checkArray(errs, [...path, 'options'], select.options, { min: 1, max: 25, required: true });
  if (!options) return;
  if (max !== undefined && max > options.length) {
    errs.add([...path, 'max_values'], 'SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS', 'max_values cannot exceed the number of options');
  }
  const values = new Set<string>();
  options.forEach((option, k) => {
    const op = [...path, 'options', k];
    if (!isRecord(option)) {
      errs.add(op, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    checkString(errs, [...op, 'label'], option.label, { min: 1, max: 100, required: true });
    const value = checkString(errs, [...op, 'value'], option.value, { min: 1, max: 100, required: true });
    checkString(errs, [...op, 'description'], option.description, { max: 100 });
    if (value !== undefined) {
      if (values.has(value)) {
        errs.add([...op, 'value'], 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Option values must be unique');
      }
      values.add(value);
    }
  });
}

function validateV2Components(errs: FormErrors, path: ErrorPath, value: unknown, ids: CustomIds): void {
  const top = checkArray(errs, path, value, { max: 40 });
  if (!top) return;
  const state = { components: 0, text: 0 };
  top.forEach((c, i) => validateV2Component(errs, [...path, i], c, ids, V2_TOP_LEVEL, state));
  if (state.components > 40) {
    errs.add(path, 'MAX_COMPONENTS_EXCEEDED', 'A message can have at most 40 components');
  }
  if (state.text > 4000) {
    errs.add(path, 'MAX_TEXT_DISPLAY_LENGTH_EXCEEDED', 'Text display content cannot exceed 4000 characters in total');
  }
}

function validateV2Component(
  errs: FormErrors,
  path: ErrorPath,
  c: unknown,
  ids: CustomIds,
  allowed: ReadonlySet<number>,
  state: { components: number; text: number },
): void {
  if (!isRecord(c) || typeof c.type !== 'number' || !allowed.has(c.type)) {
    errs.add(path, 'COMPONENT_TYPE_INVALID', 'The specified component type is invalid in this context');
    return;
  }
  state.components += 1;
  switch (c.type) {
    case 1: {
      validateActionRow(errs, path, c, ids);
      state.components += Array.isArray(c.components) ? c.components.length : 0;
      return;
    }
    case 10: {
      const content = checkString(errs, [...path, 'content'], c.content, { min: 1, max: 4000, required: true });
      if (content !== undefined) state.text += textLength(content);
      return;
    }
    case 9: {
      const texts = checkArray(errs, [...path, 'components'], c.components, { min: 1, max: 3, required: true });
      texts?.forEach((t, i) => validateV2Component(errs, [...path, 'components', i], t, ids, new Set([10]), state));
      const accessory = c.accessory;
      if (isRecord(accessory) && accessory.type === 2) {
        state.components += 1;
        validateButton(errs, [...path, 'accessory'], accessory, ids);
      } else if (isRecord(accessory) && accessory.type === 11) {
        state.components += 1;
      } else {
        errs.add([...path, 'accessory'], 'COMPONENT_TYPE_INVALID', 'A section accessory must be a button or a thumbnail');
      }
      return;
    }
    case 17: {
      const children = checkArray(errs, [...path, 'components'], c.components, { min: 1, max: 40, required: true });
      children?.forEach((t, i) => validateV2Component(errs, [...path, 'components', i], t, ids, V2_IN_CONTAINER, state));
      return;
    }
    case 12: {
      checkArray(errs, [...path, 'items'], c.items, { min: 1, max: 10, required: true });
      return;
    }
    default:
      return;
  }
}

function validateAllowedMentions(errs: FormErrors, path: ErrorPath, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  const parse = checkArray(errs, [...path, 'parse'], value.parse, { max: 3 }) ?? [];
  parse.forEach((p, i) => {
    if (p !== 'users' && p !== 'roles' && p !== 'everyone') {
      errs.add([...path, 'parse', i], 'BASE_TYPE_CHOICES', 'Value must be one of {\'users\', \'roles\', \'everyone\'}.');
    }
  });
  for (const kind of ['users', 'roles'] as const) {
    const list = checkArray(errs, [...path, kind], value[kind], { max: 100 });
    if (list && list.length > 0 && parse.includes(kind)) {
      errs.add(
        [...path, kind],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      );
    }
  }
}

/** Discord refuses messages with nothing to show. */
export function isEmptyMessage(m: {
  content?: unknown;
  embeds?: unknown;
  components?: unknown;
  attachments?: unknown;
  sticker_ids?: unknown;
  poll?: unknown;
}): boolean {
  const nonEmpty = (v: unknown): boolean => Array.isArray(v) && v.length > 0;
  return !(
    (typeof m.content === 'string' && m.content.length > 0) ||
    nonEmpty(m.embeds) ||
    nonEmpty(m.components) ||
    nonEmpty(m.attachments) ||
    nonEmpty(m.sticker_ids) ||
    isRecord(m.poll)
  );
}

/** Autocomplete (callback type 8) `data`. */
export function validateAutocompleteData(errs: FormErrors, base: ErrorPath, data: unknown): void {
  if (!isRecord(data)) {
    errs.add(base, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  const choices = checkArray(errs, [...base, 'choices'], data.choices, { max: 25, required: true });
  choices?.forEach((choice, i) => {
    const cp = [...base, 'choices', i];
    if (!isRecord(choice)) {
      errs.add(cp, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    checkString(errs, [...cp, 'name'], choice.name, { min: 1, max: 100, required: true });
    if (typeof choice.value === 'number') {
      if (!Number.isFinite(choice.value)) errs.add([...cp, 'value'], 'NUMBER_TYPE_COERCE', 'Value is not a number.');
    } else {
      checkString(errs, [...cp, 'value'], choice.value, { max: 100, required: true });
    }
  });
}

/** Modal (callback type 9) `data`. */
export function validateModalData(errs: FormErrors, base: ErrorPath, data: unknown): void {
  if (!isRecord(data)) {
    errs.add(base, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  const ids = new CustomIds();
  ids.check(errs, [...base, 'custom_id'], data.custom_id, true);
  checkString(errs, [...base, 'title'], data.title, { min: 1, max: 45, required: true });
  const rows = checkArray(errs, [...base, 'components'], data.components, { min: 1, max: 5, required: true });
  rows?.forEach((row, i) => {
    const rp = [...base, 'components', i];
    if (isRecord(row) && row.type === 1) {
      const inner = checkArray(errs, [...rp, 'components'], row.components, { min: 1, max: 1, required: true });
      inner?.forEach((input, j) => validateTextInput(errs, [...rp, 'components', j], input, ids, true));
    } else if (isRecord(row) && row.type === 18) {
      checkString(errs, [...rp, 'label'], row.label, { min: 1, max: 45, required: true });
      checkString(errs, [...rp, 'description'], row.description, { max: 100 });
      const inner = row.component;
      if (isRecord(inner) && inner.type === 4) validateTextInput(errs, [...rp, 'component'], inner, ids, false);
      else if (isRecord(inner) && typeof inner.type === 'number' && SELECT_TYPES.has(inner.type)) {
        validateSelect(errs, [...rp, 'component'], inner, ids);
      } else if (isRecord(inner) && inner.type === 19) {
        ids.check(errs, [...rp, 'component', 'custom_id'], inner.custom_id, true);
      } else {
        errs.add([...rp, 'component'], 'COMPONENT_TYPE_INVALID', 'The specified component type is invalid in this context');
      }
    } else if (isRecord(row) && row.type === 10) {
      checkString(errs, [...rp, 'content'], row.content, { min: 1, max: 4000, required: true });
    } else {
      errs.add(rp, 'COMPONENT_TYPE_INVALID', 'The specified component type is invalid in this context');
    }
  });
}

function validateTextInput(errs: FormErrors, path: ErrorPath, input: unknown, ids: CustomIds, needsLabel: boolean): void {
  if (!isRecord(input) || input.type !== 4) {
    errs.add(path, 'COMPONENT_TYPE_INVALID', 'The specified component type is invalid in this context');
    return;
  }
  ids.check(errs, [...path, 'custom_id'], input.custom_id, true);
  checkInteger(errs, [...path, 'style'], input.style, { min: 1, max: 2, required: true });
  checkString(errs, [...path, 'label'], input.label, { min: 1, max: 45, required: needsLabel });
  checkInteger(errs, [...path, 'min_length'], input.min_length, { min: 0, max: 4000 });
  checkInteger(errs, [...path, 'max_length'], input.max_length, { min: 1, max: 4000 });
  checkString(errs, [...path, 'value'], input.value, { max: 4000 });
  checkString(errs, [...path, 'placeholder'], input.placeholder, { max: 100 });
}
