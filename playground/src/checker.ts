// The page's side of the check worker: takes ruleset texts as the user types (debounced), gives
// each answer to a callback; answers to texts that have since changed are dropped.
import type { CheckRequest, CheckResponse } from './protocol.js';

export class Checker {
  private readonly worker = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(onResult: (result: CheckResponse) => void, onFailure: (message: string) => void) {
    this.worker.addEventListener('message', (event: MessageEvent<CheckResponse>) => {
      if (event.data.id === this.latest) onResult(event.data);
    });
    this.worker.addEventListener('error', (event) => onFailure(`The checker could not start: ${event.message || 'worker error'}`));
  }

  /** Checks after `delay` ms of quiet; a newer call replaces a waiting one. */
  schedule(file: string, source: string, delay = 300): void {
    clearTimeout(this.timer);
    this.latest++;
    const id = this.latest;
    this.timer = setTimeout(() => this.post({ id, file, source }), delay);
  }

  now(file: string, source: string): void {
    this.schedule(file, source, 0);
  }

  private post(request: CheckRequest): void {
    if (request.id === this.latest) this.worker.postMessage(request);
  }
}
