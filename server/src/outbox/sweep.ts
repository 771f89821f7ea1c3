import type { FastifyBaseLogger } from 'fastify';

/** How often each instance looks for texts and emails a stopped process left undelivered. */
export const DELIVERY_SWEEP_MS = 15_000;

interface Resumable {
  resumeAbandoned?(): Promise<number>;
}

/**
 * Has every sender that delivers through a gateway take up, every `intervalMs`, the messages a process
 * that stopped left 'sending' (outbox/delivery.ts). Every instance of a fleet sweeps: a message goes to
 * the one whose claim moved its lease. The timer is unref'd; returns a stop function.
 */
export function startDeliverySweep(senders: Resumable[], log: FastifyBaseLogger, intervalMs = DELIVERY_SWEEP_MS): () => void {
  const resumable = senders.filter((sender) => sender.resumeAbandoned);
  if (resumable.length === 0) return () => undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const taken = await Promise.all(resumable.map((sender) => sender.resumeAbandoned!()));
      if (taken.some((n) => n > 0)) log.warn({ taken }, 'deliveries left by a stopped process taken up again');
    } catch (error) {
      log.error({ err: error }, 'delivery sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
