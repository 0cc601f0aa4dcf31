// The page's side of the check worker: takes ruleset texts as the user types (debounced), gives
// each answer to a callback; answers to texts that have since changed are dropped. Also asks the
// worker's language service the editor's questions, each answered by a promise.
import type { Answer, AnyLanguageRequest, CheckRequest, CheckResponse, LanguageResponse, QueryKind, Question, WorkerResponse } from './protocol.js';

export class Checker {
  private readonly worker = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private asked = 0;
  private readonly waiting = new Map<number, (response: LanguageResponse) => void>();

  constructor(onResult: (result: CheckResponse) => void, onFailure: (message: string) => void) {
    this.worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
      const response = event.data;
      if (response.type === 'language') {
        this.waiting.get(response.id)?.(response);
        this.waiting.delete(response.id);
      } else if (response.id === this.latest) onResult(response);
    });
    this.worker.addEventListener('error', (event) => onFailure(`The checker could not start: ${event.message || 'worker error'}`));
  }

  /** Checks after `delay` ms of quiet; a newer call replaces a waiting one. */
  schedule(file: string, source: string, delay = 300): void {
    clearTimeout(this.timer);
    this.latest++;
    const id = this.latest;
    this.timer = setTimeout(() => this.post({ type: 'check', id, file, source }), delay);
  }

  now(file: string, source: string): void {
    this.schedule(file, source, 0);
  }

  /** The language service's answer to one question about `source`; undefined when the service failed. */
  ask<K extends QueryKind>(file: string, source: string, kind: K, question: Question<K>): Promise<Answer<K> | undefined> {
    const id = ++this.asked;
    return new Promise((resolve) => {
      this.waiting.set(id, (response) => {
        if ('failure' in response) {
          console.warn(`The language service failed on ${kind}: ${response.failure}`);
          resolve(undefined);
        } else resolve(response.answer as Answer<K>);
      });
      this.worker.postMessage({ type: 'language', id, file, source, kind, question } as AnyLanguageRequest);
    });
  }

  private post(request: CheckRequest): void {
    if (request.id === this.latest) this.worker.postMessage(request);
  }
}
