import type { FastifyBaseLogger } from 'fastify';
import { repeatEvery } from '../jobs/repeat';
import { NO_JOB_METRICS, type JobRecorder } from '../jobs/job-recorder';

/** How often each instance looks for texts and emails a stopped process left undelivered. */
export const DELIVERY_SWEEP_MS = 15_000;

interface Resumable {
  resumeAbandoned?(): Promise<number>;
}

/**
 * Has every sender that delivers through a gateway take up, every `intervalMs`, the messages a process
 * that stopped left 'sending' (outbox/delivery.ts). Every instance of a fleet sweeps: a message goes to
 * the one whose claim moved its lease. Returns a stop function.
 */
export function startDeliverySweep(senders: Resumable[], log: FastifyBaseLogger, intervalMs = DELIVERY_SWEEP_MS, jobs: JobRecorder = NO_JOB_METRICS): () => void {
  const resumable = senders.filter((sender) => sender.resumeAbandoned);
  if (resumable.length === 0) return () => undefined;
  jobs.every('delivery_sweep', intervalMs);
  const sweep = async () => {
    const taken = await jobs.run('delivery_sweep', () => Promise.all(resumable.map((sender) => sender.resumeAbandoned!())));
    if (taken.some((n) => n > 0)) log.warn({ taken }, 'deliveries left by a stopped process taken up again');
  };
  return repeatEvery(intervalMs, sweep, (error) => log.error({ err: error }, 'delivery sweep failed'));
}
