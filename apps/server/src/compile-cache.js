/**
 * Preloaded by `npm start` (node --import ./src/compile-cache.js src/main.ts), before the server's module graph is
 * read: Node keeps the compiled code of every module and the TypeScript it stripped in its compile cache in the
 * system's temporary folder, so a restart reads them back instead of compiling again (a faster start). With every
 * module in the cache, Node never loads its TypeScript stripper (amaro, about 18 MB resident for the process's
 * life). That is why this one file is JavaScript: a TypeScript preload would need the stripper before the cache is on.
 * `npm start` fills the cache first (src/warm-compile-cache.ts), so a first start after a deploy is spared it too.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
