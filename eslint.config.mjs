import boundaries from 'eslint-plugin-boundaries';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The layers of docs/contributing.md: app → components → lib; app/api and server components →
// lib/api/server (the one bridge) → marketplace → lib. Nothing imports back up the chain.
const layers = {
  plugins: { boundaries },
  settings: {
    'boundaries/include': ['app/**', 'components/**', 'lib/**', 'marketplace/**'],
    // First match wins: the narrower folders come before the folders holding them.
    'boundaries/elements': [
      { type: 'bff', pattern: 'app/api', partialMatch: false },
      { type: 'app', pattern: 'app', partialMatch: false },
      { type: 'components', pattern: 'components', partialMatch: false },
      { type: 'web-server', pattern: 'lib/api', partialMatch: false },
      { type: 'web-server', pattern: 'lib/query', partialMatch: false },
      { type: 'lib', pattern: 'lib', partialMatch: false },
      { type: 'marketplace', pattern: 'marketplace', partialMatch: false },
    ],
    // The one file of lib/api that reaches the marketplace (in-process, or over HTTP).
    'boundaries/files': [{ category: 'bridge', pattern: 'lib/api/server.ts' }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message: 'Layer rule (docs/contributing.md): {{from.type}} must not import {{to.type}}.',
        policies: [
          { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['app', 'components', 'lib', 'web-server'] } } } } },
          { from: { element: { type: 'bff' } }, allow: { to: { element: { types: { anyOf: ['lib', 'web-server'] } } } } },
          { from: { element: { type: 'components' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib', 'web-server'] } } } } },
          { from: { element: { type: 'web-server' } }, allow: { to: { element: { types: { anyOf: ['lib', 'web-server'] } } } } },
          { from: { element: { type: 'web-server' }, file: { categories: 'bridge' } }, allow: { to: { element: { type: 'marketplace' } } } },
          { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
          { from: { element: { type: 'marketplace' } }, allow: { to: { element: { type: 'lib' } } } },
        ],
      },
    ],
  },
};

// Every environment variable is read in one config module per side (marketplace/config.ts,
// lib/api/config.ts). NEXT_RUNTIME is a build-time constant Next replaces, allowed anywhere.
const envInConfigOnly = {
  files: ['**/*.{ts,tsx,js,jsx,mjs,cjs}'],
  ignores: ['marketplace/config.ts', 'lib/api/config.ts', 'scripts/**', 'tests/**', '*.config.{ts,mjs,js,cjs}', 'server.mjs'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[object.name='process'][property.name='env']:not([parent.property.name='NEXT_RUNTIME'])",
        message: 'Read the environment in marketplace/config.ts (marketplace side) or lib/api/config.ts (web side).',
      },
      {
        selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
        message: 'Read the environment in marketplace/config.ts (marketplace side) or lib/api/config.ts (web side).',
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'data/**', 'data-*/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'marketplace/db/migrations/**'] },
  layers,
  envInConfigOnly,
];
export default config;
