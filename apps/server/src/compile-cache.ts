/**
 * Preloaded by `npm start` (node --import ./src/compile-cache.ts src/main.ts), before the server's module graph is
 * read: Node keeps the compiled code of every module (and the TypeScript it stripped) in its compile cache in the
 * system's temporary folder, so a restart reads it back instead of compiling again (a faster start).
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
