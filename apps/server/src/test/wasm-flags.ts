/**
 * The suites run PGlite on V8's baseline WebAssembly compiler (Liftoff) only. Every test file and every server a
 * test starts is a fresh process with a fresh PGlite, whose hot functions V8 would compile again with its optimizing
 * tier in a background thread (one of PostgreSQL's functions takes 4.5 s of a core and 600 MB to compile), work a
 * process that lives a minute never earns back; Liftoff's code computes the same. Sixteen server test files took
 * 69 s instead of 81–95 s. `npm start` keeps the optimizing tier: a long-lived server earns it back
 * (docs/performance.md).
 */
export const TEST_WASM_FLAGS = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];
