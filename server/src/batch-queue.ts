/** How one item of a batch ended: its value, or the error its caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Runs one batch. `letNextStart`, called once the batch is past what the next one must not overlap (the
 * purchases: their reads, before the posting), lets the next batch begin before this one ends.
 */
export type BatchRun<I, O> = (inputs: I[], letNextStart: () => void) => Promise<Outcome<O>[]>;

interface Waiting<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs submitted items in batches (group commit). An item submitted while no batch runs starts one at
 * once, so a lone request waits for nothing; items submitted meanwhile wait and go together in the next,
 * up to `maxSize`. Under load many requests then share one transaction, and a row every request updates
 * (a product's units, rental revenue) is updated once a batch instead of once a request
 * (docs/performance.md, "Purchases in batches").
 *
 * At most two batches run at once, as a pipeline: the next starts when the one before it calls
 * `letNextStart` or ends, never earlier, so batches keep their size instead of splitting into many small
 * ones. When a batch ends, the next starts before the ended one's callers are answered, so its first
 * statement travels while their replies are written. `run` answers every item of its batch, in order;
 * should it throw, every item of the batch gets that error.
 */
export class BatchQueue<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private running = 0;
  /** Whether the newest running batch has let the next one start (or there is none). */
  private nextMayStart = true;

  constructor(
    private readonly run: BatchRun<I, O>,
    private readonly maxSize: number,
  ) {
    if (!(maxSize >= 1)) throw new Error('A batch holds at least one item');
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.startNext();
    });
  }

  private startNext(): void {
    if (!this.nextMayStart || this.running >= 2 || this.waiting.length === 0) return;
    const items = this.waiting.splice(0, this.maxSize);
    this.running++;
    this.nextMayStart = false;
    let released = false;
    const letNextStart = () => {
      if (released) return;
      released = true;
      this.nextMayStart = true;
      this.startNext();
    };
    void this.runBatch(items, letNextStart).then((outcomes) => {
      this.running--;
      letNextStart();
      this.startNext();
      settle(items, outcomes);
    });
  }

  /** The batch's outcomes; never rejects (a run that fails fails each of its items). */
  private async runBatch(items: Waiting<I, O>[], letNextStart: () => void): Promise<Outcome<O>[]> {
    try {
      const answers = await this.run(
        items.map((item) => item.input),
        letNextStart,
      );
      if (answers.length !== items.length) throw new Error(`A batch of ${items.length} got ${answers.length} answers`);
      return answers;
    } catch (error) {
      return items.map(() => ({ ok: false, error }));
    }
  }
}

function settle<I, O>(items: Waiting<I, O>[], outcomes: Outcome<O>[]): void {
  items.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  });
}
