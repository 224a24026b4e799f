// The layering rules `npm test` checks (npm run lint:deps). Rooms import downward only: a room may
// import the rooms listed after it, never one listed before it, and no files import each other in a
// circle (type-only imports included). docs/ARCHITECTURE.md draws the same list.

/** The rooms of the bot, top (composition root) to bottom (leaves). */
const LAYERS = [
  { name: 'composition root', path: '^src/(index\\.ts$|app/)' },
  { name: 'transports and operations', path: '^src/(transport|web|metrics)/' },
  { name: 'commands', path: '^commands/' },
  { name: 'views', path: '^src/views/' },
  { name: 'interaction core', path: '^src/interactions/' },
  { name: 'rendering', path: '^src/render/' },
  { name: 'domain services', path: '^src/(airing|reminders|activity-feed|group-polls|community|preferences|auth|known-works|covers|list-files|watch-parties|games|server-recaps)/' },
  { name: 'discord side', path: '^src/discord-api/' },
  { name: 'store and job engines', path: '^src/(store|jobs)/' },
  { name: 'service client', path: '^src/service/' },
  { name: 'leaves', path: '^src/(config|log|util|i18n)/' },
];

const slug = (name) => name.replace(/\s+/g, '-');

/** One rule per layer: nothing in it imports a layer above it. */
const layerRules = LAYERS.slice(1).map((layer, i) => ({
  name: `${slug(layer.name)}-imports-downward-only`,
  comment: `${layer.name} must not import ${LAYERS.slice(0, i + 1).map((l) => l.name).join(', ')} (rooms import downward only; see docs/ARCHITECTURE.md)`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: LAYERS.slice(0, i + 1).map((l) => l.path) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'files must not import each other in a circle, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'community-below-its-features',
      comment: 'the community (memberships, the mirror and its syncs, summaries) is what the activity feed, the group polls and the weekly recaps build on: it never imports them',
      severity: 'error',
      from: { path: '^src/community/' },
      to: { path: '^src/(activity-feed|group-polls|server-recaps)/' },
    },
    {
      name: 'every-bot-file-has-a-room',
      comment: 'a file under src/ belongs to one of the rooms in LAYERS; add the new folder to a layer',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.map((l) => l.path) },
      to: {},
    },
    {
      name: 'bot-never-imports-tools',
      comment: 'the bot (src/, commands/) never imports the tests, the fakes, the local stack, the sandbox or the benches',
      severity: 'error',
      from: { path: '^(src|commands)/' },
      to: { path: '^(test|emulator|fake-discord|local-stack|sandbox|bench)/' },
    },
    {
      name: 'fakes-stand-alone',
      comment: 'the service emulator and the fake Discord model the real services on their own, sharing no code with the bot they test',
      severity: 'error',
      from: { path: '^(emulator|fake-discord)/' },
      to: { path: '^(src|commands|local-stack|sandbox|bench|test)/' },
    },
    {
      name: 'nothing-imports-tests',
      comment: 'only tests import from test/: product and tools live in their own folders',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'every import resolves to a file or an installed package',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
    exclude: { path: ['^node_modules', '^dist/'] },
  },
};
