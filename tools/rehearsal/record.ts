/**
 * What the rehearsal saw: every answer (or socket error) with its time, step and latency, the fault windows,
 * and the report built from them: per step inside and outside the windows, per fault its errors.
 */

/** A step's kind: the goals are p95 < 300 ms for reads and < 800 ms for money writes. */
export type StepKind = 'read' | 'money' | 'login' | 'staff' | 'live';

export interface Sample {
  /** When the answer (or the error) came, epoch ms. */
  at: number;
  step: string;
  /** HTTP status; 0 for a socket error or a timeout (no answer). */
  status: number;
  /** Latency in ms; NaN when there was no answer. */
  ms: number;
  /** The error's words when there was no answer. */
  error?: string;
}

export interface FaultWindow {
  name: string;
  start: number;
  /** When the fault was over: the instance healthy again, Redis or PostgreSQL back, nginx's workers replaced. */
  end: number;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly kinds = new Map<string, StepKind>();
  /** Statuses a step answers on purpose besides 2xx (claiming income when there is none: 400). */
  readonly expected = new Map<string, Set<number>>();
  readonly faults: FaultWindow[] = [];

  step(name: string, kind: StepKind, expected: number[] = []): string {
    this.kinds.set(name, kind);
    this.expected.set(name, new Set(expected));
    return name;
  }

  answer(step: string, status: number, ms: number, at = Date.now()): void {
    this.samples.push({ at, step, status, ms });
  }

  failure(step: string, error: string, at = Date.now()): void {
    this.samples.push({ at, step, status: 0, ms: NaN, error });
  }

  isError(sample: Sample): boolean {
    if (sample.status >= 200 && sample.status < 300) return false;
    return !this.expected.get(sample.step)?.has(sample.status);
  }

  /** Begins a fault now; the returned function ends it. */
  fault(name: string): () => FaultWindow {
    const window: FaultWindow = { name, start: Date.now(), end: NaN };
    this.faults.push(window);
    return () => {
      window.end = Date.now();
      return window;
    };
  }

  /** The fault whose window (with `graceMs` after its end) holds `at`, if any. */
  faultAt(at: number, graceMs: number): FaultWindow | undefined {
    return this.faults.find((f) => at >= f.start && at <= (Number.isNaN(f.end) ? Infinity : f.end) + graceMs);
  }
}

export interface StepRow {
  step: string;
  kind: StepKind;
  outside: { requests: number; p50: number; p95: number; p99: number; errors: number; byStatus: Record<string, number> };
  inside: { requests: number; p95: number; errors: number; byStatus: Record<string, number> };
}

export interface FaultRow {
  name: string;
  start: number;
  end: number;
  errors: number;
  byStatus: Record<string, number>;
  /** First to last error in its window (with the grace), ms; 0 without errors. */
  errorWindowMs: number;
  /** From the fault's start to its last error, ms; 0 without errors. */
  lastErrorAfterMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const statusName = (s: Sample) => (s.status === 0 ? `socket: ${s.error ?? 'error'}` : String(s.status));

function count(into: Record<string, number>, key: string) {
  into[key] = (into[key] ?? 0) + 1;
}

export function summarize(recorder: Recorder, graceMs: number): { steps: StepRow[]; faults: FaultRow[] } {
  const steps = new Map<string, { outside: Sample[]; inside: Sample[] }>();
  for (const name of recorder.kinds.keys()) steps.set(name, { outside: [], inside: [] });
  const faults = recorder.faults.map((f) => ({ fault: f, errors: [] as Sample[] }));
  for (const sample of recorder.samples) {
    const fault = recorder.faultAt(sample.at, graceMs);
    steps.get(sample.step)![fault ? 'inside' : 'outside'].push(sample);
    if (fault && recorder.isError(sample)) faults.find((f) => f.fault === fault)!.errors.push(sample);
  }
  const rows: StepRow[] = [];
  for (const [step, { outside, inside }] of steps) {
    const latencies = (samples: Sample[]) =>
      samples
        .filter((s) => s.status !== 0)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
    const errorsOf = (samples: Sample[]) => {
      const byStatus: Record<string, number> = {};
      for (const s of samples) if (recorder.isError(s)) count(byStatus, statusName(s));
      return { errors: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
    };
    const out = latencies(outside);
    rows.push({
      step,
      kind: recorder.kinds.get(step)!,
      outside: { requests: outside.length, p50: percentile(out, 50), p95: percentile(out, 95), p99: percentile(out, 99), ...errorsOf(outside) },
      inside: { requests: inside.length, p95: percentile(latencies(inside), 95), ...errorsOf(inside) },
    });
  }
  const faultRows = faults.map(({ fault, errors }) => {
    const byStatus: Record<string, number> = {};
    for (const e of errors) count(byStatus, `${e.step} ${statusName(e)}`);
    const times = errors.map((e) => e.at);
    return {
      name: fault.name,
      start: fault.start,
      end: fault.end,
      errors: errors.length,
      byStatus,
      errorWindowMs: times.length > 0 ? Math.max(...times) - Math.min(...times) : 0,
      lastErrorAfterMs: times.length > 0 ? Math.max(...times) - fault.start : 0,
    };
  });
  return { steps: rows, faults: faultRows };
}

export interface StrayError {
  at: number;
  step: string;
  what: string;
  /** The fault that ended last before it, and how long before, ms; none when no fault had ended yet. */
  afterFault?: { name: string; ms: number };
}

/** Each error outside every fault window (and its grace), with the fault before it: what an operator would chase. */
export function strayErrors(recorder: Recorder, graceMs: number): StrayError[] {
  return recorder.samples
    .filter((s) => recorder.isError(s) && !recorder.faultAt(s.at, graceMs))
    .map((s) => {
      const before = recorder.faults.filter((f) => f.end <= s.at).sort((a, b) => b.end - a.end)[0];
      return { at: s.at, step: s.step, what: statusName(s), afterFault: before ? { name: before.name, ms: s.at - before.end } : undefined };
    });
}
