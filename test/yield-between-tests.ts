// Runs before every test file (vitest.config.ts `setupFiles`). Many tests play whole games
// synchronously; a file of them back to back never lets the test worker's event loop turn, so
// vitest's own messages to its worker (`onTaskUpdate`) wait and time out after 60 s on a loaded
// machine — an "unhandled error" that fails a run whose tests all passed. Yielding one turn of the
// event loop after each test lets those messages through.
import { afterEach } from 'vitest';

afterEach(() => new Promise<void>((done) => setImmediate(done)));
