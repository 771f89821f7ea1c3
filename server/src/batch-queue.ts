/** How one item of a batch ended: its value, or the error its caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Runs submitted items in batches, one batch at a time (group commit). An item submitted while no batch
 * runs starts one at once, so a lone request waits for nothing; items submitted while a batch runs wait
 * and go together in the next, up to `maxSize`. Under load many requests then share one transaction, and
 * a row every request updates (a product's units, rental revenue) is updated once a batch instead of once
 * a request, by one transaction instead of queued ones (docs/performance.md, "Purchases in batches").
 *
 * `run` answers every item of its batch, in order; should it throw, every item of the batch gets that error.
 */
export class BatchQueue<I, O> {
  private readonly waiting: { input: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (inputs: I[]) => Promise<Outcome<O>[]>,
    private readonly maxSize: number,
  ) {
    if (!(maxSize >= 1)) throw new Error('A batch holds at least one item');
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxSize);
        let outcomes: Outcome<O>[];
        try {
          outcomes = await this.run(batch.map((item) => item.input));
          if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} got ${outcomes.length} answers`);
        } catch (error) {
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) item.resolve(outcome.value);
          else item.reject(outcome.error);
        });
      }
    } finally {
      this.running = false;
    }
  }
}
