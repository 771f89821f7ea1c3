import { BatchQueue, type Outcome } from '../src/batch-queue';

/** A run whose batches the test sees and releases one at a time. */
function heldRuns() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (inputs: number[]): Promise<Outcome<number>[]> => {
    batches.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((n) => (n < 0 ? { ok: false, error: new Error(`negative ${n}`) } : { ok: true, value: n * 10 }));
  };
  const releaseNext = async () => {
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, releaseNext };
}

describe('BatchQueue', () => {
  it('starts a lone item at once and gathers what arrives meanwhile into the next batch, at most maxSize', async () => {
    const { batches, run, releaseNext } = heldRuns();
    const queue = new BatchQueue(run, 3);
    const first = queue.submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5, 6].map((n) => queue.submit(n));
    expect(batches).toHaveLength(1);
    await releaseNext();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await releaseNext();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    await releaseNext();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50, 60]);
    // Idle again: the next item starts its own batch at once.
    void queue.submit(7);
    expect(batches.at(-1)).toEqual([7]);
    await releaseNext();
  });

  it("takes the next batch's first step before answering the callers of the one that ended", async () => {
    const steps: string[] = [];
    let releaseFirst!: () => void;
    const queue = new BatchQueue(async (inputs: number[]): Promise<Outcome<number>[]> => {
      steps.push(`start ${inputs}`);
      if (inputs[0] === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
      await Promise.resolve(); // e.g. the first statement going out
      steps.push(`first step ${inputs}`);
      return inputs.map((n) => ({ ok: true, value: n }));
    }, 10);
    const first = queue.submit(1).then(() => steps.push('answered 1'));
    const second = queue.submit(2);
    releaseFirst();
    await Promise.all([first, second]);
    expect(steps).toEqual(['start 1', 'first step 1', 'start 2', 'first step 2', 'answered 1']);
  });

  it('lets the next batch start when the running one says so, with at most two running', async () => {
    const running: number[][] = [];
    const gates = new Map<number, { letNext: () => void; finish: () => void }>();
    const queue = new BatchQueue(async (inputs: number[], letNextStart: () => void): Promise<Outcome<number>[]> => {
      running.push(inputs);
      await new Promise<void>((finish) => gates.set(inputs[0]!, { letNext: letNextStart, finish }));
      running.splice(running.indexOf(inputs), 1);
      return inputs.map((n) => ({ ok: true, value: n }));
    }, 10);
    const settled = [1, 2, 3].map((n) => queue.submit(n));
    expect(running).toEqual([[1]]);
    gates.get(1)!.letNext(); // batch 1 is past its reads: 2 and 3 start as the next batch
    expect(running).toEqual([[1], [2, 3]]);
    const later = [4, 5].map((n) => queue.submit(n));
    gates.get(2)!.letNext(); // two run already: 4 and 5 wait for one to end
    expect(running).toEqual([[1], [2, 3]]);
    gates.get(1)!.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toEqual([[2, 3], [4, 5]]);
    gates.get(2)!.finish();
    gates.get(4)!.finish();
    expect(await Promise.all([...settled, ...later])).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives each item its own outcome, and a batch whose run throws fails only its own items', async () => {
    let calls = 0;
    const queue = new BatchQueue(async (inputs: number[]): Promise<Outcome<number>[]> => {
      calls++;
      if (inputs.includes(13)) throw new Error('the run failed');
      return inputs.map((n) => (n < 0 ? { ok: false, error: new Error(`negative ${n}`) } : { ok: true, value: n }));
    }, 10);
    const a = queue.submit(1);
    const [b, c, d] = [queue.submit(-2), queue.submit(13), queue.submit(4)];
    await expect(a).resolves.toBe(1);
    await expect(b).rejects.toThrow('the run failed');
    await expect(c).rejects.toThrow('the run failed');
    await expect(d).rejects.toThrow('the run failed');
    await expect(queue.submit(-5)).rejects.toThrow('negative -5');
    await expect(queue.submit(6)).resolves.toBe(6);
    expect(calls).toBe(4);
  });
});
