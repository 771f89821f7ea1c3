/**
 * Runs `task` every `intervalMs`, never two runs at once in this process: a tick that comes while the
 * last run is still going is skipped, not queued behind it. `task` logs its own outcome; a failure that
 * escapes it goes to `onError`, and the next tick runs as usual. The timer is unref'd, so it never keeps
 * the process alive. `runNow` also runs it once at the start. Returns a stop function.
 */
export function repeatEvery(intervalMs: number, task: () => Promise<void>, onError: (error: unknown) => void, { runNow = false } = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  if (runNow) void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
