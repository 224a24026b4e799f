// Shapes every response of the Anime and Manga List Service shares: open enumerations, dates,
// pictures, the page envelope, the error body and the token answer.
// Every response field is optional: the real service omits fields freely (see real-service-notes.md).
// Enumerations are open unions: the service adds values without notice, so any string is accepted.

/** An enum value the service documents, or any other string it may start sending. */
export type Open<T extends string> = T | (string & {});

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, kept as sent. */
export type PartialDate = string;
/** ISO 8601 with offset, e.g. `2021-03-16T07:36:44+00:00`. */
export type DateTime = string;

export interface Picture {
  medium?: string;
  large?: string;
}

export interface Paging {
  previous?: string;
  next?: string;
}

/** The list envelope. */
export interface Page<T> {
  data: T[];
  paging: Paging;
}

export interface NodeItem<T> {
  node: T;
}

/** The error object the service answers with. */
export interface ServiceErrorBody {
  error?: string;
  message?: string;
  hint?: string;
}

/** What the token endpoint answers. */
export interface TokenResponse {
  token_type: string;
  expires_in: number;
  access_token: string;
  refresh_token: string;
}
