// Component custom_ids carry all the state a click needs, so buttons keep working after a
// restart and after the interaction token is gone. Format: `kind|field|field…`, each field
// percent-escaped for `%` and `|` only (user text stays short). Discord caps custom_id at 100.
// The format lives in the rendering layer because messages are built there; the router decodes
// with decodeCustomId and reads fields with FieldReader (src/interactions/custom-id.ts).

export const CUSTOM_ID_MAX = 100;
const SEPARATOR = '|';

function escapeField(value: string): string {
  return value.replace(/%/g, '%25').replace(/\|/g, '%7C');
}

function unescapeField(value: string): string {
  return value.replace(/%7C/gi, '|').replace(/%25/g, '%');
}

export class CustomIdTooLongError extends Error {
  constructor(readonly customId: string) {
    super(`custom_id is ${customId.length} characters, over Discord's ${CUSTOM_ID_MAX}`);
    this.name = 'CustomIdTooLongError';
  }
}

export function encodeCustomId(kind: string, fields: readonly (string | number | boolean | undefined)[]): string {
  const parts = [kind, ...fields.map((f) => escapeField(f === undefined ? '' : typeof f === 'boolean' ? (f ? '1' : '0') : String(f)))];
  // Drop trailing empty fields: optional arguments cost nothing when absent.
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const id = parts.join(SEPARATOR);
  if (id.length > CUSTOM_ID_MAX) throw new CustomIdTooLongError(id);
  return id;
}

export interface DecodedCustomId {
  kind: string;
  fields: string[];
}

export function decodeCustomId(customId: string): DecodedCustomId {
  const [kind = '', ...rest] = customId.split(SEPARATOR);
  return { kind, fields: rest.map(unescapeField) };
}
