// @ts-check
// Zero-copy views of the solver's memory: Uint32Array views over wasm memory of the link arrays and the
// events of the latest call. Renderers ask for them each time they read and never keep one across a
// call into wasm, which may grow memory and detach it (the contract in src/wasm/mod.rs).

/**
 * @typedef {object} Views
 * @property {Uint32Array} nodes   NODE.words u32 a node: top, up, down, next (a spacer's next: the option
 *                                 after it), at the offsets NODE gives (engine.js)
 * @property {Uint32Array} items   ITEM.words u32 an item header: left, right
 * @property {Uint32Array} lens    1 u32 an item header: its length, plus LIMITS.covered while covered
 * @property {Uint32Array} events  LIMITS.eventWords u32 an event: code, a, b, c, d, undone (EVENT)
 * @property {Uint32Array} colors  1 u32 a node: its colour (0 none, k: info.colors[k - 1], LIMITS.marked while
 *                                 a purification marks it as agreeing); a header: its purified colour
 */

export class LinkViews {
  /**
   * @param {WebAssembly.Memory} memory
   * @param {import('../pkg/dlx_studio.js').Session} session
   */
  constructor(memory, session) {
    this.memory = memory;
    this.session = session;
    /** @type {ArrayBuffer | null} */
    this._buffer = null;
    this._key = '';
    /** @type {Views} */
    this._views = {
      nodes: new Uint32Array(0), items: new Uint32Array(0), lens: new Uint32Array(0), events: new Uint32Array(0),
      colors: new Uint32Array(0),
    };
  }

  /**
   * The views, rebuilt only when the memory grew or the arrays moved; otherwise the same objects are
   * returned, so reading them costs nothing.
   * @returns {Views}
   */
  get() {
    const s = this.session;
    const buffer = /** @type {ArrayBuffer} */ (this.memory.buffer);
    const np = s.nodes_ptr(), nl = s.nodes_len();
    const ip = s.items_ptr(), il = s.items_len();
    const lp = s.lens_ptr(), ll = s.lens_len();
    const ep = s.events_ptr(), el = s.events_len();
    const cp = s.colors_ptr(), cl = s.colors_len();
    const key = `${np},${nl},${ip},${il},${lp},${ll},${ep},${el},${cp},${cl}`;
    if (this._buffer !== buffer || this._key !== key) {
      this._buffer = buffer;
      this._key = key;
      this._views = {
        nodes: new Uint32Array(buffer, np, nl),
        items: new Uint32Array(buffer, ip, il),
        lens: new Uint32Array(buffer, lp, ll),
        events: new Uint32Array(buffer, ep, el),
        colors: new Uint32Array(buffer, cp, cl),
      };
    }
    return this._views;
  }
}
