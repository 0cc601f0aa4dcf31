// A worker thread of `regula sim`: plays the batches the pool hands it (cli/sim/batch.ts).
import { runBatch, type BatchResult, type BatchTask } from './batch.js';

export default function play(task: BatchTask): BatchResult {
  return runBatch(task);
}
