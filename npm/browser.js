// @ts-check
// The package in a browser or a bundler: the wasm module fetched from beside this file (bundlers
// copy a `new URL(…, import.meta.url)` asset and rewrite its address), awaited at the top level so
// every export is ready when the import resolves.
import init from './dlx_studio.js';

await init({ module_or_path: new URL('./dlx_studio_bg.wasm', import.meta.url) });

export * from './api.js';
