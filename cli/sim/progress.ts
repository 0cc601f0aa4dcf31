// The progress bar of a long simulation: drawn in place on a terminal's stderr, at most ten times
// a second, with the rate and the time left; nothing at all when stderr is piped or a file.
import type { WriteStream } from 'node:tty';

export interface Progress {
  update(done: number, total: number): void;
  /** Clears the bar (the report follows on stdout). */
  end(): void;
}

const WIDTH = 24;

export function progressBar(what: string, stream: NodeJS.WriteStream | WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, end() {} };
  const started = Date.now();
  let drawn = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - drawn < 100 && done < total) return;
      drawn = now;
      shown = true;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? done / seconds : 0;
      const left = rate > 0 ? Math.ceil((total - done) / rate) : null;
      const filled = Math.round((WIDTH * done) / total);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
      const eta = left === null ? '' : ` · ${left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`} left`;
      stream.write(`\r\x1b[K${bar} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${what} · ${rate.toFixed(rate < 10 ? 1 : 0)}/s${eta}`);
    },
    end() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
