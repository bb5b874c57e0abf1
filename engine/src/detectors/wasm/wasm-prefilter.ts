/**
 * The prefilter passes in WebAssembly (issue 24: speed). The Aho-Corasick automaton and the
 * digit-run finder of prefilter-pass.ts were per-character loops in JavaScript, the scanner's
 * floor; here they run in prefilter.wat over a UTF-16 copy of the text (one native copy,
 * `Buffer#write` in 'utf16le'), and write their results into fixed output areas of linear memory
 * that JavaScript then reads — no call per character across the boundary, no allocation per
 * match. Results are identical to the JavaScript passes (wasm-prefilter.test.ts, and
 * scan-differential.test.ts through the scanner).
 *
 * One instance per automaton (its tables are copied into the instance's memory once, as
 * `tables` lays them out), created on first use and collected with the compiled set. Memory
 * layout, in bytes: [small results 32][class table 131,072][transition table][match pairs][runs][text].
 */
import type { AhoCorasick } from '../aho-corasick.js';
import type { DigitRun } from '../digit-runs.js';
import { PREFILTER_WASM_BASE64 } from './prefilter-wasm.js';

/** The little of the WebAssembly JS API used here (the project's `lib` settings do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
  CompileError: new () => Error;
  LinkError: new () => Error;
}
const WA = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** An error that means this host cannot run the module at all (the caller falls back). */
export function isWasmUnavailable(error: unknown): boolean {
  return (
    error instanceof WasmUnavailableError ||
    (WA !== undefined && (error instanceof WA.CompileError || error instanceof WA.LinkError))
  );
}

class WasmUnavailableError extends Error {}

interface PrefilterExports {
  readonly memory: WasmMemory;
  ac4(
    text: number,
    delta: number,
    aFrom: number,
    aEmit: number,
    aTo: number,
    bFrom: number,
    bEmit: number,
    bTo: number,
    cFrom: number,
    cEmit: number,
    cTo: number,
    dFrom: number,
    dEmit: number,
    dTo: number,
    out: number,
    cap: number,
  ): void;
  runs(text: number, from: number, len: number, min: number, out: number, cap: number): number;
}

/** The class table's address: prefilter.wat reads it at this constant offset. */
const CLASS_OF = 32;
const DELTA = CLASS_OF + 65536 * 2;
/**
 * The automaton runs over segments of this many code units, each as four interleaved quarters; a
 * quarter reports at most one pair (row, end) per code unit it reads, so its output area holds
 * SEGMENT / 4 + the longest pattern's length pairs.
 */
const SEGMENT = 65536;
const STREAMS = 4;
/** Runs (seven i32 each) per call of `runs`. */
const RUN_CAP = 2048;
const RUN_WORDS = 7;
const PAGE = 65536;
/**
 * The automaton's tables as the module reads them (prefilter.wat, `$tail`): the class of each
 * code unit as its byte offset in a row (class · 4), and each transition as the byte address of
 * the next state's row in linear memory, bitwise-negated for a state with outputs. A step is
 * then one load and one add on the state's chain (aho-corasick.ts's row offsets needed a shift
 * and another add). The table stays 2.5 MB for the built-in catalogue, but the text visits few
 * of its states (docs/detectors.md, fifth round): the rows it reads stay in the core's cache.
 */
function tables(automaton: AhoCorasick): { classOf: Uint16Array; delta: Int32Array } {
  // A class's byte offset must fit the u16 entry. An automaton has at least as many states as
  // classes (each character of a pattern is an edge of its trie), so one with more than 16,384
  // classes would have a transition table over 1 GB: it cannot occur in practice.
  if (automaton.classCount > 16384) throw new WasmUnavailableError('too many character classes');
  const classOf = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) classOf[c] = automaton.classOf[c]! * 4;
  const delta = new Int32Array(automaton.delta.length);
  for (let i = 0; i < delta.length; i++) {
    const row = automaton.delta[i]!;
    delta[i] = row >= 0 ? DELTA + row * 4 : ~(DELTA + ~row * 4);
  }
  return { classOf, delta };
}

/**
 * Texts longer than this go through the JavaScript passes: the instance's memory holds a copy of
 * the text and WebAssembly memory never shrinks, so the copy is bounded (2 MB per compiled set;
 * with the tables and output areas about 6 MB for the built-in catalogue — docs/agent.md counts
 * the agent's memory). Larger texts (a big file the agent read whole) scan at the JavaScript speed.
 */
export const WASM_MAX_TEXT_LENGTH = 1024 * 1024;

let wasmModule: object | undefined;

function getModule(): { module: object; api: WasmApi } {
  if (!WA) throw new WasmUnavailableError('WebAssembly is not available');
  wasmModule ??= new WA.Module(Buffer.from(PREFILTER_WASM_BASE64, 'base64'));
  return { module: wasmModule, api: WA };
}

class PrefilterInstance {
  private readonly exports: PrefilterExports;
  private readonly acOut: number;
  /** Pairs one quarter can report: a quarter of SEGMENT, the division's remainder, the restart overlap. */
  private readonly acCap: number;
  private readonly overlap: number;
  private readonly rowBytes: number;
  private readonly runsOut: number;
  private readonly text: number;
  private acView!: Int32Array;
  private runsView!: Int32Array;
  private header!: Int32Array;
  private readonly run: DigitRun = {
    start: 0,
    end: 0,
    digits: 0,
    maxGroup: 0,
    dots: 0,
    colons: 0,
    doubleColon: false,
  };

  constructor(private readonly automaton: AhoCorasick) {
    let longest = 1;
    for (const length of automaton.patternLengths) if (length > longest) longest = length;
    this.overlap = longest - 1;
    this.rowBytes = automaton.classCount * 4;
    this.acCap = SEGMENT / STREAMS + STREAMS + longest;
    this.acOut = DELTA + automaton.delta.length * 4;
    this.runsOut = this.acOut + this.acCap * 8 * STREAMS;
    this.text = this.runsOut + RUN_CAP * RUN_WORDS * 4;
    const { module, api } = getModule();
    const instance = new api.Instance(module, {});
    this.exports = instance.exports as unknown as PrefilterExports;
    // The module exports its own memory (one page); grow it to hold the tables.
    const need = Math.ceil(this.text / PAGE) + 1 - this.exports.memory.buffer.byteLength / PAGE;
    if (need > 0) this.exports.memory.grow(need);
    const buffer = this.exports.memory.buffer;
    const { classOf, delta } = tables(automaton);
    new Uint16Array(buffer, CLASS_OF, 65536).set(classOf);
    new Int32Array(buffer, DELTA, delta.length).set(delta);
    this.views();
  }

  private views(): void {
    const buffer = this.exports.memory.buffer;
    this.header = new Int32Array(buffer, 0, 8);
    this.acView = new Int32Array(buffer, this.acOut, this.acCap * 2 * STREAMS);
    this.runsView = new Int32Array(buffer, this.runsOut, RUN_CAP * RUN_WORDS);
  }

  /** Copy `text` into linear memory as UTF-16 code units. */
  private load(text: string): void {
    const bytes = text.length * 2;
    const have = this.exports.memory.buffer.byteLength;
    if (this.text + bytes > have) {
      this.exports.memory.grow(Math.ceil((this.text + bytes - have) / PAGE));
      this.views();
    }
    Buffer.from(this.exports.memory.buffer, this.text, bytes).write(text, 0, bytes, 'utf16le');
  }

  private emit(
    pairs: Int32Array,
    at: number,
    count: number,
    onMatch: (patternId: number, end: number) => void,
  ): void {
    const { outputStart, outputs } = this.automaton;
    for (let i = at; i < at + count * 2; i += 2) {
      const end = pairs[i + 1]!;
      for (let k = outputStart[(pairs[i]! - DELTA) / this.rowBytes]!; outputs[k]! >= 0; k++)
        onMatch(outputs[k]!, end);
    }
  }

  pass(
    text: string,
    minRunDigits: number,
    onMatch: (patternId: number, end: number) => void,
    onRun: ((run: DigitRun) => void) | undefined,
  ): void {
    const len = text.length;
    this.load(text);
    const { exports, header } = this;
    const overlap = this.overlap;
    const cap = this.acCap;
    // Each segment [s, e) is read as four quarters split at q1 < q2 < q3, each from the root
    // state `overlap` code units before its first end: the first reports ends in (s, q1], the
    // second ends in (q1, q2], and so on.
    for (let s = 0; s < len; s += SEGMENT) {
      const e = Math.min(len, s + SEGMENT);
      const quarter = (e - s) >> 2;
      const q1 = s + quarter;
      const q2 = q1 + quarter;
      const q3 = q2 + quarter;
      exports.ac4(
        this.text,
        DELTA,
        Math.max(0, s - overlap),
        s,
        q1,
        Math.max(0, q1 - overlap),
        q1,
        q2,
        Math.max(0, q2 - overlap),
        q2,
        q3,
        Math.max(0, q3 - overlap),
        q3,
        e,
        this.acOut,
        cap,
      );
      const pairs = this.acView;
      for (let k = 0; k < STREAMS; k++) this.emit(pairs, k * cap * 2, header[4 + k]!, onMatch);
    }
    if (!onRun) return;
    const run = this.run;
    let from = 0;
    while (from < len) {
      const count = exports.runs(this.text, from, len, minRunDigits, this.runsOut, RUN_CAP);
      const r = this.runsView;
      for (let i = 0; i < count * RUN_WORDS; i += RUN_WORDS) {
        run.start = r[i]!;
        run.end = r[i + 1]!;
        run.digits = r[i + 2]!;
        run.maxGroup = r[i + 3]!;
        run.dots = r[i + 4]!;
        run.colons = r[i + 5]!;
        run.doubleColon = r[i + 6] !== 0;
        onRun(run);
      }
      from = header[1]!;
    }
  }
}

const instances = new WeakMap<AhoCorasick, PrefilterInstance>();

/**
 * Both prefilter passes in WebAssembly, with the callbacks and order of prefilter-pass.ts's
 * `prefilterPass` (every match in order of end, then every run in text order).
 */
export function wasmPrefilterPass(
  ac: AhoCorasick,
  text: string,
  minRunDigits: number,
  onMatch: (patternId: number, end: number) => void,
  onRun: ((run: DigitRun) => void) | undefined,
): void {
  let instance = instances.get(ac);
  if (!instance) {
    instance = new PrefilterInstance(ac);
    instances.set(ac, instance);
  }
  instance.pass(text, minRunDigits, onMatch, onRun);
}
