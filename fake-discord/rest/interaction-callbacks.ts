// An interaction's first answer: POST /interactions/:id/:token/callback, or the HTTP response body of
// an interaction delivered to the bot's interactions endpoint. Checks it as Discord does (deadline,
// callback types the interaction type allows, the message body) and creates or edits the message.

import { DiscordHttpError, discordErrors, FormErrors, isRecord } from '../errors.js';
import type { InteractionRecord } from '../interaction-record.js';
import { isEmptyMessage, MessageFlag, validateAutocompleteData, validateMessageBody, validateModalData } from '../message-validation.js';
import { applyEdit, createMessage, messageForPayload } from '../messages.js';
import type { ServerState } from '../server-state.js';
import type { RecordedMessage } from '../types.js';
import type { Reply } from './http.js';
import { notifyMessageChanged, originFor } from './interaction-messages.js';
import { route, type Route } from './routing.js';

/** Callback types each interaction type accepts (modal-submit updates need a source message). */
const ALLOWED_CALLBACKS: Record<number, number[]> = {
  2: [4, 5, 9],
  3: [4, 5, 6, 7, 9],
  4: [8],
  5: [4, 5, 6, 7],
};

export function interactionCallbackRoutes(state: ServerState): Route[] {
  return [
    route('POST /interactions/:id/:token/callback', (ctx, [id = '', token = '']) => {
      const record = state.interactions.get(id);
      if (!record || record.token !== token) throw discordErrors.unknownInteraction();
      ctx.interaction = record;
      // Discord takes the answer to an HTTP-delivered interaction only in the HTTP response.
      if (record.viaHttp) throw discordErrors.unknownInteraction();
      return acceptCallback(state, record, ctx.body, ctx.query.with_response === 'true');
    }),
  ];
}

/** The first answer to an interaction, from the callback endpoint or the HTTP response body. */
export function acceptCallback(state: ServerState, record: InteractionRecord, body: unknown, withResponse: boolean): Reply {
  if (record.response) throw discordErrors.alreadyAcknowledged();
  const at = state.now() - record.dispatchedAt;
  if (at > state.ackDeadlineMs) throw discordErrors.unknownInteraction();
  const { type, data } = checkCallback(state, record, body);
  const source = record.sourceMessageId !== undefined ? state.messages.get(record.sourceMessageId) : undefined;

  const timestamp = new Date(state.now()).toISOString();
  const dataRecord = isRecord(data) ? data : {};
  let message: RecordedMessage | undefined;
  if (type === 4) {
    message = createMessage(dataRecord, originFor(state, record, timestamp));
    state.messages.set(message.id, message);
    record.originalId = message.id;
  } else if (type === 5) {
    const ephemeral = typeof dataRecord.flags === 'number' ? dataRecord.flags & MessageFlag.Ephemeral : 0;
    message = createMessage({}, originFor(state, record, timestamp), ephemeral | MessageFlag.Loading);
    state.messages.set(message.id, message);
    record.originalId = message.id;
  } else if ((type === 6 || type === 7) && source) {
    if (type === 7) applyEdit(source, dataRecord, timestamp);
    message = source;
    record.originalId = source.id;
  }
  record.response = { type, ...(data !== undefined ? { data: structuredClone(data) } : {}), at };
  record.changed();
  notifyMessageChanged(state, message?.id);

  if (!withResponse) return { status: 204 };
  return { status: 200, body: callbackResponse(record, type, message) };
}

/** Validates the callback body as Discord does; returns its type and data. */
function checkCallback(state: ServerState, record: InteractionRecord, body: unknown): { type: number; data: unknown } {
  const errs = new FormErrors();
  if (!isRecord(body) || typeof body.type !== 'number') {
    errs.add(['type'], 'BASE_TYPE_REQUIRED', 'This field is required');
    throw new DiscordHttpError(400, errs.toBody());
  }
  const type = body.type;
  const allowed = ALLOWED_CALLBACKS[record.type] ?? [];
  const needsSource = (type === 6 || type === 7) && record.sourceMessageId === undefined;
  if (!allowed.includes(type) || needsSource) {
    errs.add(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', 'Invalid interaction response type');
    errs.throwIfAny();
  }
  const data = body.data;
  const source = record.sourceMessageId !== undefined ? state.messages.get(record.sourceMessageId) : undefined;
  switch (type) {
    case 4: {
      const isV2 = isRecord(data) && typeof data.flags === 'number' && (data.flags & MessageFlag.IsComponentsV2) !== 0;
      validateMessageBody(errs, ['data'], data, isV2);
      errs.throwIfAny();
      if (isEmptyMessage(data as Record<string, unknown>)) throw discordErrors.emptyMessage();
      break;
    }
    case 5:
      if (data !== undefined && data !== null && !isRecord(data)) errs.add(['data'], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      break;
    case 7: {
      if (!source) throw discordErrors.unknownMessage();
      const flags = (source.flags ?? 0) | (isRecord(data) && typeof data.flags === 'number' ? data.flags : 0);
      validateMessageBody(errs, ['data'], data ?? {}, (flags & MessageFlag.IsComponentsV2) !== 0);
      errs.throwIfAny();
      const preview = structuredClone(source);
      applyEdit(preview, isRecord(data) ? data : {}, new Date(state.now()).toISOString());
      if (isEmptyMessage(preview)) throw discordErrors.emptyMessage();
      break;
    }
    case 8:
      validateAutocompleteData(errs, ['data'], data);
      break;
    case 9:
      validateModalData(errs, ['data'], data);
      break;
    default:
      break;
  }
  errs.throwIfAny();
  return { type, data };
}

/** The `with_response=true` answer: the interaction callback response object. */
function callbackResponse(record: InteractionRecord, type: number, message: RecordedMessage | undefined): Record<string, unknown> {
  return {
    interaction: {
      id: record.id,
      type: record.type,
      activity_instance_id: null,
      response_message_id: message?.id ?? null,
      response_message_loading: type === 5,
      response_message_ephemeral: message ? ((message.flags ?? 0) & MessageFlag.Ephemeral) !== 0 : false,
    },
    resource: { type, ...(message && (type === 4 || type === 5 || type === 7) ? { message: messageForPayload(message) } : {}) },
  };
}
