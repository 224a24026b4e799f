// Types derived from a slash command's definition, as discord.js's utility bot does with its
// ArgumentsOf: the handler map's keys are the command's subcommand paths and each handler's
// arguments are the options of its subcommand, typed by option kind and `required`. A misspelt
// subcommand, a missing handler or a misspelt option is a type error.

import type { ApplicationCommandOptionType, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { AutocompleteChoice, AutocompleteContext, CommandContext, ComponentHandler } from './context.js';
import type { PagedView } from './paged-view-types.js';
import type { RenderedMessage } from '../render/limits.js';
import type { CheckedBy, LinkRule, PlaceRule } from './rules.js';
import type { TextsFit } from './command-texts-check.js';

/** What the builders in command-data.ts keep of an option at the type level. */
export interface OptionShape {
  readonly type: ApplicationCommandOptionType;
  readonly name: string;
  readonly required?: boolean;
}

interface SubcommandShape {
  readonly type: ApplicationCommandOptionType.Subcommand;
  readonly name: string;
  readonly options?: readonly OptionShape[];
}

interface GroupShape {
  readonly type: ApplicationCommandOptionType.SubcommandGroup;
  readonly name: string;
  readonly options: readonly SubcommandShape[];
}

export interface CommandShape {
  readonly name: string;
  readonly options?: readonly unknown[];
}

/** The value Discord sends for each option kind; users, channels, roles and mentionables arrive as ids. */
type ValueOf<T extends ApplicationCommandOptionType> = T extends ApplicationCommandOptionType.String
  ? string
  : T extends ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number
    ? number
    : T extends ApplicationCommandOptionType.Boolean
      ? boolean
      : string;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A string option with choices carries them in `choiceValue` (type only): its argument is one of them. */
type OptionValue<O extends OptionShape> = O extends { readonly choiceValue?: infer C } ? (string extends NonNullable<C> ? ValueOf<O['type']> : NonNullable<C>) : ValueOf<O['type']>;

/** The arguments a handler receives: required options always present, the others optional. */
export type ArgumentsOf<Options extends readonly OptionShape[]> = Simplify<
  { [O in Options[number] as O['required'] extends true ? O['name'] : never]: OptionValue<O> } & {
    [O in Options[number] as O['required'] extends true ? never : O['name']]?: OptionValue<O>;
  }
>;

type TopOptions<D extends CommandShape> = D['options'] extends readonly unknown[] ? D['options'][number] : never;

/** 'search', 'channel add', … or '' for a command without subcommands, with the options found there. */
type Routes<D extends CommandShape> =
  | (TopOptions<D> extends infer O
      ? O extends SubcommandShape
        ? { path: O['name']; options: O['options'] extends readonly OptionShape[] ? O['options'] : [] }
        : O extends GroupShape
          ? O['options'][number] extends infer S
            ? S extends SubcommandShape
              ? { path: `${O['name']} ${S['name']}`; options: S['options'] extends readonly OptionShape[] ? S['options'] : [] }
              : never
            : never
          : never
      : never)
  | (Extract<TopOptions<D>, SubcommandShape | GroupShape> extends never
      ? { path: ''; options: D['options'] extends readonly OptionShape[] ? D['options'] : [] }
      : never);

export type SubcommandPath<D extends CommandShape> = Routes<D>['path'];
export type OptionsAt<D extends CommandShape, P extends string> = Extract<Routes<D>, { path: P }>['options'];

/** Option values keyed by name, as the router reads them from the interaction. */
export type ArgumentValues = Readonly<Record<string, string | number | boolean | undefined>>;

interface HandlerParts<A, C> {
  /** Reply visible only to the invoker. */
  ephemeral?: boolean;
  /** A boolean option that, when the user sets it, decides `ephemeral` instead (`private`): the deferral follows it. */
  ephemeralOption?: string;
  /** Never reaches the service (e.g. /logout): exempt from the per-user rate limit. */
  local?: boolean;
  /** Answers with pictures: the reply is deferred at once (rendering takes time; HTTP's first answer cannot carry files). */
  pictures?: boolean;
  /**
   * Long work (a list export): deferred at once, runs under the router's long deadline
   * (DEFAULT_LONG_COMMAND_BUDGET_MS) instead of a command's, and shows its progress (`ctx.progress`).
   */
  long?: boolean;
  run: (ctx: CommandContext & C, args: A) => Promise<RenderedMessage>;
  /** Asked only where the subcommand may be used (its place rule); elsewhere no choices are offered. */
  autocomplete?: (ctx: AutocompleteContext & PlaceChecked<C>) => Promise<AutocompleteChoice[]>;
}

type PlaceChecked<C> = C extends { guildId: string } ? { guildId: string } : unknown;

/** One combination of declared rules and the handler typed by what they guarantee. */
type Declared<A, P extends PlaceRule, L extends LinkRule> = P extends unknown ? (L extends unknown ? P & L & HandlerParts<A, CheckedBy<P & L>> : never) : never;

/**
 * A subcommand's handler and the rules it declares (`only: 'server'` with an optional `permission`,
 * `only: 'dm'`, `linked: true`): the router checks them before `run`, whose context then carries the
 * server's id (`ctx.guildId: string`) or the user's token (`ctx.auth`).
 */
export type SubcommandHandler<A = ArgumentValues> = Declared<A, PlaceRule, LinkRule>;

/** One handler per subcommand path of `D`, each typed with that subcommand's options. */
export type HandlersOf<D extends CommandShape> = {
  [P in SubcommandPath<D>]: SubcommandHandler<ArgumentsOf<OptionsAt<D, P>>>;
};

export interface SlashCommand {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Keyed by subcommand path: '' for a command without subcommands, 'search', 'channel add', … */
  handlers: Readonly<Record<string, SubcommandHandler>>;
  /** The buttons, menus and forms on this command's messages (and the posts its feature makes), each routed by its custom-id kind. */
  components?: readonly ComponentHandler[];
  /** The paged lists this command shows: the shared pager (custom-id kind `pg`) finds them by their code. */
  pagedViews?: readonly PagedView<unknown>[];
  /**
   * Type only: `defineCommand` sets it to the languages' gaps when their texts (src/i18n/commands) lack
   * a path of the definition or have one it does not: such a command is no SlashCommand.
   */
  readonly textsFit?: true;
}

/** What `defineCommand` returns: a SlashCommand when every language's texts fit the definition. */
export type DefinedCommand<D extends CommandShape> = Omit<SlashCommand, 'textsFit'> & { readonly textsFit?: TextsFit<D> };

/** What a command declares beside its subcommands' handlers: see SlashCommand. */
export type CommandParts = Pick<SlashCommand, 'components' | 'pagedViews'>;
