/**
 * Preloaded by `npm start` (node --import ./src/compile-cache.js src/main.ts), before the server's module graph is
 * read: Node keeps the compiled code of every module and the TypeScript it stripped in its compile cache in the
 * system's temporary folder, so a restart reads them back instead of compiling again (a faster start). With every
 * module in the cache, Node never loads its TypeScript stripper (amaro, about 18 MB resident for the process's
 * life). That is why this one file is JavaScript: a TypeScript preload would need the stripper before the cache is on.
 * `npm start` fills the cache first (src/warm-compile-cache.ts), so a first start after a deploy is spared it too.
 */
import { constants, enableCompileCache } from 'node:module';

const { status, message } = enableCompileCache();
// Without the cache the server still starts, stripping and compiling its modules again (about 1 s more, and the
// stripper's memory): an operator reads why in the server's output.
if (status === constants.compileCacheStatus.FAILED)
  process.emitWarning(`Node's compile cache is off (${message}); make TMPDIR a folder the server can write`, {
    code: 'PORTAL_COMPILE_CACHE',
  });
