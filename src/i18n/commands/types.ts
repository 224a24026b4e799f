// The shape of the slash command translations (see the comment at the top of ja.ts for how to add
// a command's or a language's texts).

/** One command, subcommand group, subcommand or option in one language. */
export interface CommandText {
  /** Shown in the command picker: 1–32 characters, lower case, no spaces (hyphens join words). */
  readonly name: string;
  /** 1–100 characters. */
  readonly description: string;
  /** An option's choices: choice value → the name shown (1–100 characters). */
  readonly choices?: Readonly<Record<string, string>>;
}

/**
 * One language's texts, keyed by command path: the command (`anime`), then each group, subcommand
 * and option below it joined by spaces (`anime search`, `anime search query`,
 * `list anime update status`), always the English names.
 */
export type CommandTexts = Readonly<Record<string, CommandText>>;
