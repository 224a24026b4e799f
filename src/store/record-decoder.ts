// Typed decoders for stored records: one small decoder per record type turns the stored text into the
// typed record, or undefined for a malformed one (treated as absent). A decoder never throws on bad
// data; a malformed record is published on `RECORD_MALFORMED_CHANNEL` (the composition root counts and
// logs it by record type). An absent record (undefined) is not malformed.

import { channel } from 'node:diagnostics_channel';

/** Published when a stored record did not decode: `{ record }`. */
export const RECORD_MALFORMED_CHANNEL = 'amls:store:record-malformed';
export interface RecordMalformed {
  /** The decoder's record type (a fixed name, safe as a metric label). */
  record: string;
}
const malformed = channel(RECORD_MALFORMED_CHANNEL);

export interface RecordDecoder<T> {
  readonly record: string;
  /** The typed record, or undefined when absent or malformed. */
  decode(raw: string | undefined): T | undefined;
  /** The same check on an already parsed value (e.g. a job's data). */
  check(value: unknown): T | undefined;
}

function reportMalformed(record: string): undefined {
  if (malformed.hasSubscribers) malformed.publish({ record } satisfies RecordMalformed);
  return undefined;
}

export interface DecoderOptions {
  /** Turns the stored text into the JSON text (e.g. a gunzip of a packed record); may throw: that counts as malformed. */
  unpack?: (raw: string) => string;
}

/** A decoder for a JSON record: `check` returns the typed record or undefined (it may throw: that counts as malformed). */
export function jsonDecoder<T>(record: string, check: (value: unknown) => T | undefined, options: DecoderOptions = {}): RecordDecoder<T> {
  const checked = (value: unknown): T | undefined => {
    try {
      return check(value) ?? reportMalformed(record);
    } catch {
      return reportMalformed(record);
    }
  };
  return {
    record,
    check: checked,
    decode(raw) {
      if (raw === undefined) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(options.unpack ? options.unpack(raw) : raw) as unknown;
      } catch {
        return reportMalformed(record);
      }
      return checked(value);
    },
  };
}
