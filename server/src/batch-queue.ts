/** How one item of a batch ended: its value, or the error its caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Runs submitted items in batches, one batch at a time (group commit). An item submitted while no batch
 * runs starts one at once, so a lone request waits for nothing; items submitted while a batch runs wait
 * and go together in the next, up to `maxSize`. Under load many requests then share one transaction, and
 * a row every request updates (a product's units, rental revenue) is updated once a batch instead of once
 * a request, by one transaction instead of queued ones (docs/performance.md, "Purchases in batches").
 *
 * The next batch starts before the callers of the one that ended are answered, so its first statement
 * travels while their replies are written. `run` answers every item of its batch, in order; should it
 * throw, every item of the batch gets that error.
 */
interface Waiting<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export class BatchQueue<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
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
      let current: { items: Waiting<I, O>[]; outcomes: Promise<Outcome<O>[]> } | null = this.startBatch();
      while (current) {
        const outcomes = await current.outcomes;
        // The next batch starts before this one's callers are answered, so its first statement is on
        // its way while their replies are written.
        const next = this.waiting.length > 0 ? this.startBatch() : null;
        settle(current.items, outcomes);
        current = next;
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs the next batch; its outcomes never reject (a run that fails fails each of its items). */
  private startBatch(): { items: Waiting<I, O>[]; outcomes: Promise<Outcome<O>[]> } {
    const items = this.waiting.splice(0, this.maxSize);
    const answered = (answers: Outcome<O>[]): Outcome<O>[] => {
      if (answers.length !== items.length) throw new Error(`A batch of ${items.length} got ${answers.length} answers`);
      return answers;
    };
    const failed = (error: unknown): Outcome<O>[] => items.map(() => ({ ok: false, error }));
    let running: Promise<Outcome<O>[]>;
    try {
      running = this.run(items.map((item) => item.input));
    } catch (error) {
      running = Promise.reject(error);
    }
    return { items, outcomes: running.then(answered).catch(failed) };
  }
}

function settle<I, O>(items: Waiting<I, O>[], outcomes: Outcome<O>[]): void {
  items.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  });
}
