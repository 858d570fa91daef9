// The JS linter of `make lint` (eslint, installed by npm ci in tests/browser from its lockfile).
// Offline: the recommended rules of @eslint/js, browser globals listed here.
import js from './tests/browser/node_modules/@eslint/js/src/index.js';

const browser = Object.fromEntries([
  'window', 'document', 'navigator', 'location', 'history', 'performance', 'requestAnimationFrame',
  'getComputedStyle', 'ResizeObserver', 'Path2D', 'MutationObserver', 'Worker', 'URL', 'URLSearchParams', 'Option', 'Event',
  'HTMLElement', 'HTMLInputElement', 'HTMLTextAreaElement', 'HTMLSelectElement', 'HTMLButtonElement',
  'HTMLCanvasElement', 'KeyboardEvent', 'PointerEvent', 'WebAssembly', 'self', 'console', 'matchMedia',
  'CompressionStream', 'DecompressionStream', 'Blob', 'Response', 'TextEncoder', 'TextDecoder', 'btoa',
  'atob', 'setTimeout', 'clearTimeout', 'structuredClone',
].map((g) => [g, 'readonly']));

export default [
  { ignores: ['www/pkg/**', 'target/**', 'tests/browser/node_modules/**', '.tools/**'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: browser },
    rules: {
      'no-unused-vars': ['error', { args: 'none' }],
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
      'no-var': 'error',
    },
  },
  {
    files: ['tests/browser/*.mjs'],
    languageOptions: {
      ecmaVersion: 2022, sourceType: 'module',
      globals: { ...browser, process: 'readonly', Buffer: 'readonly' },
    },
    rules: { 'no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    // The npm package's tests (make test-npm, test-bundler): node scripts, and the app bundled for a browser.
    files: ['tests/npm/*.mjs'],
    languageOptions: {
      ecmaVersion: 2022, sourceType: 'module',
      globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', URL: 'readonly' },
    },
    rules: { 'no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    files: ['tests/npm/bundle/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: browser },
    rules: { 'no-unused-vars': ['error', { args: 'none' }], 'prefer-const': 'error', eqeqeq: ['error', 'always'] },
  },
];
