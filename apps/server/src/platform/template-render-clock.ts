// Security-critical: part of the template engine's render limits (template-engine.ts), which keep a
// practice's template from holding the server.
/** The processor time this process has used (ms), its helper threads' included. */
export const processorMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/**
 * A render's time limit, in the time the render itself ran: the processor time of each of its
 * turns on the event loop that ended (template-engine.ts's step counter pauses it every 500 steps), and
 * the time since the current turn began. liquidjs's own limit is the time since the render
 * began, which also counts the requests served while it paused and the time a loaded machine
 * left this process waiting for a core: 20 000 steps that take 100 ms on a busy server took over a
 * second on an overloaded one, and were refused as "too long" where the step budget allowed them.
 * Handed to liquidjs as the context's render limiter (`check(now)` before each template).
 */
export class RenderClock {
  private spentMs = 0;
  private turnProcessorMs = processorMs();
  private turnStartedAt = performance.now();

  constructor(private readonly limitMs: number) {}

  /** The render yields the event loop: its turn's processor time is counted. */
  pause(): void {
    this.spentMs += processorMs() - this.turnProcessorMs;
  }

  /** The render runs again: a new turn begins. */
  resume(): void {
    this.turnProcessorMs = processorMs();
    this.turnStartedAt = performance.now();
  }

  /** liquidjs's limiter interface: `now` is performance.now(). The message is liquidjs's own (describeLiquidError). */
  check(now: number): void {
    if (this.spentMs + (now - this.turnStartedAt) > this.limitMs) throw new Error('template render limit exceeded');
  }

  use(): void {}
}
