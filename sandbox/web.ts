// The page's server: the Discord-like page, the component library's files (served from
// node_modules, never a CDN) and a small JSON API the page drives the fake Discord with.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ActionError, ClientRefusal, type Actions, type CommandInput, type Languages } from './actions.js';
import { isLanguage, LANGUAGES, placeOf, PLACES, SERVER_CHANNELS, SERVER_MEMBERS, SERVER_ROLES, userOf, USERS, type Place, type SandboxUser } from './places.js';
import type { Timeline } from './timeline.js';
import { keptAttachment } from '../fake-discord/index.js';

export interface PageOptions {
  port: number;
  /** The emulator's sign-in accounts, shown as a hint next to /login. */
  accounts: ReadonlyArray<{ name: string; password: string }>;
  emulatorUrl: string;
  /** The server's scheduled events (the events list). */
  events?: express.Router;
}

export interface RunningPage {
  url: string;
  close(): Promise<void>;
}

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), 'public');
const LONG_POLL_MS = 20_000;
const POLL_STEP_MS = 100;

/** Packages the page imports, each served from its own folder in node_modules. */
const VENDOR_PACKAGES = ['@skyra/discord-components-core', 'lit', 'lit-html', 'lit-element', '@lit/reactive-element', '@lit/context'];

const IMPORT_MAP = JSON.stringify({
  imports: {
    '@skyra/discord-components-core/': '/vendor/@skyra/discord-components-core/',
    lit: '/vendor/lit/index.js',
    'lit/': '/vendor/lit/',
    'lit-html': '/vendor/lit-html/lit-html.js',
    'lit-html/': '/vendor/lit-html/',
    'lit-element/': '/vendor/lit-element/',
    '@lit/reactive-element': '/vendor/@lit/reactive-element/reactive-element.js',
    '@lit/reactive-element/': '/vendor/@lit/reactive-element/',
    '@lit/context': '/vendor/@lit/context/index.js',
  },
});

/** The folder of an installed package (some do not export their package.json): up from its entry point. */
function packageDir(name: string): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve(name));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === name) return dir;
    } catch {
      // no package.json here: keep going up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of ${name}`);
    dir = parent;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

export async function startPage(actions: Actions, timeline: Timeline, o: PageOptions): Promise<RunningPage> {
  const app = express();
  app.disable('x-powered-by');
  const indexHtml = readFileSync(join(PUBLIC_DIR, 'index.html'), 'utf8').replace('%IMPORT_MAP%', IMPORT_MAP);
  // Nothing the page shows may load from elsewhere: remote images are replaced by a local picture.
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${sha256(IMPORT_MAP)}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  // Only this machine's names: a web page elsewhere cannot rebind its own name to the sandbox.
  app.use((req, res, next) => {
    if (req.hostname !== '127.0.0.1' && req.hostname !== 'localhost') {
      res.status(421).type('text').send('The sandbox answers only on 127.0.0.1 or localhost.');
      return;
    }
    res.set({ 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
    next();
  });
  app.get('/', (_req, res) => {
    res.type('html').send(indexHtml);
  });
  app.use('/static', express.static(PUBLIC_DIR, { index: false }));
  // A message's pictures, as the fake Discord keeps them (the page shows only its own origin's images).
  app.get('/attachments/:id', (req, res) => {
    const file = /^\d{15,21}$/.test(req.params.id) ? keptAttachment(req.params.id) : undefined;
    if (!file || !file.contentType.startsWith('image/')) return void res.status(404).end();
    res.type(file.contentType).set('Cache-Control', 'private, max-age=3600').send(file.bytes);
  });
  for (const name of VENDOR_PACKAGES) app.use(`/vendor/${name}`, express.static(packageDir(name), { index: false }));
  app.use(express.json({ limit: '64kb' }));

  app.use('/api', apiRoutes(actions, timeline, o));

  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof ClientRefusal) return res.status(400).json({ error: error.message, hints: error.hints });
    if (error instanceof ActionError) return res.status(400).json({ error: error.message });
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return res.status(status).json({ error: 'Bad request' });
    console.error('sandbox page: request failed', error);
    return res.status(500).json({ error: 'The sandbox failed to handle this request.' });
  });

  const server: Server = app.listen(o.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The page's JSON API: its world, the long-polled timeline and the actions. */
function apiRoutes(actions: Actions, timeline: Timeline, o: PageOptions): express.Router {
  const router = express.Router();
  router.get('/world', (_req, res) => {
    res.json({ places: PLACES, users: USERS, languages: LANGUAGES, server: { channels: SERVER_CHANNELS, roles: SERVER_ROLES, members: SERVER_MEMBERS }, commands: actions.commands(), accounts: o.accounts, emulatorUrl: o.emulatorUrl });
  });

  router.get('/timeline', async (req, res) => {
    const { place, user } = who(req.query.place, req.query.user);
    const since = typeof req.query.since === 'string' ? req.query.since : '';
    const started = Date.now();
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    for (;;) {
      const entries = timeline.view(place, user);
      const body = JSON.stringify(entries);
      // A jump of the sandbox's clock (by any visitor) answers the poll too, so every page shows the new time.
      const clock = actions.clock();
      const etag = sha256(`${clock.offsetMs}\n${body}`);
      if (etag !== since || Date.now() - started >= LONG_POLL_MS || closed) {
        res.type('json').send(`{"etag":${JSON.stringify(etag)},"clock":${JSON.stringify(clock)},"entries":${body}}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_STEP_MS));
    }
  });

  actionRoutes(router, actions);
  if (o.events) router.use(o.events);
  return router;
}

/** What the page does: commands, autocomplete, components, votes in polls, and the sandbox's clock. */
function actionRoutes(router: express.Router, actions: Actions): void {
  router.post('/command', (req, res) => {
    const body = bodyOf(req);
    const { place, user } = who(body.place, body.user);
    const entry = actions.runCommand(place, user, commandInput(body), languages(body));
    res.json({ seq: entry.seq });
  });

  router.post('/autocomplete', async (req, res) => {
    const body = bodyOf(req);
    const { place, user } = who(body.place, body.user);
    const focused = text(body.focused, 'focused');
    res.json({ choices: await actions.autocomplete(place, user, { ...commandInput(body), focused }, languages(body)) });
  });

  router.post('/component', (req, res) => {
    const body = bodyOf(req);
    const { place, user } = who(body.place, body.user);
    const messageId = text(body.messageId, 'messageId');
    const customId = text(body.customId, 'customId');
    const label = typeof body.label === 'string' ? body.label.slice(0, 100) : customId;
    const entry = Array.isArray(body.values)
      ? actions.select(place, user, messageId, customId, body.values.map((v) => text(v, 'values')), label, languages(body))
      : actions.click(place, user, messageId, customId, label, languages(body));
    res.json({ seq: entry.seq });
  });

  router.post('/vote', (req, res) => {
    const body = bodyOf(req);
    const { place, user } = who(body.place, body.user);
    const answerId = body.answerId;
    if (typeof answerId !== 'number' || !Number.isInteger(answerId)) throw new ActionError('"answerId" must be a whole number.');
    actions.vote(place, user, text(body.messageId, 'messageId'), answerId);
    res.json({ ok: true });
  });

  router.get('/clock', (_req, res) => {
    res.json(actions.clock());
  });

  router.post('/next-episode', async (req, res) => {
    const body = bodyOf(req);
    const { place, user } = who(body.place, body.user);
    res.json(await actions.nextEpisode(place, user));
  });

  router.post('/next-recap', async (_req, res) => {
    res.json(await actions.nextRecap());
  });
}

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ActionError('Expected a JSON object.');
  return body as Record<string, unknown>;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length > 4000) throw new ActionError(`"${name}" must be text.`);
  return value;
}

function who(placeKey: unknown, userId: unknown): { place: Place; user: SandboxUser } {
  const place = placeOf(placeKey);
  const user = userOf(userId);
  if (!place || !user) throw new ActionError('Unknown channel or user.');
  return { place, user };
}

/** The page's language pickers: the acting user's Discord language and the server's (English when absent). */
function languages(body: Record<string, unknown>): Languages {
  const pick = (value: unknown, name: string): string => {
    if (value === undefined || value === null) return 'en-US';
    if (!isLanguage(value)) throw new ActionError(`"${name}" is not a language the page offers.`);
    return value;
  };
  return { locale: pick(body.locale, 'locale'), guildLocale: pick(body.guildLocale, 'guildLocale') };
}

function commandInput(body: Record<string, unknown>): CommandInput {
  const options: Record<string, string> = {};
  const raw = body.options;
  if (raw !== undefined) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ActionError('"options" must be an object.');
    for (const [k, v] of Object.entries(raw)) options[k] = text(v, `options.${k}`);
  }
  return {
    name: text(body.name, 'name'),
    ...(body.group !== undefined && body.group !== null ? { group: text(body.group, 'group') } : {}),
    ...(body.sub !== undefined && body.sub !== null ? { sub: text(body.sub, 'sub') } : {}),
    options,
  };
}
