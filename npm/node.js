// @ts-check
// The package in node: the wasm module read from beside this file and instantiated at once
// (synchronously), so every export is ready when the import resolves.
import { readFileSync } from 'node:fs';
import { initSync } from './dlx_studio.js';

initSync({ module: readFileSync(new URL('./dlx_studio_bg.wasm', import.meta.url)) });

export * from './api.js';
