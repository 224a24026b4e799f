// The shape every locale's part of the catalogue has: the English part's keys, each with its own text.

export type Messages<English> = { readonly [K in keyof English]: string };
