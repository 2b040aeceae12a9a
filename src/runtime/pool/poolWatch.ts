/**
 * The pool's liveness watch: while a worker has calls outstanding, it looks for signs of life (a
 * call answered, its heartbeat word moving), pings it after `checkAfter` ms without one, and gives it
 * up when `deadline` ms more pass with neither an answer nor a beat. No timer runs while every
 * worker is idle: a worker that vanished while idle is found by the next call sent to it.
 */
import type { Liveness, Slot } from './poolParts.ts';

export class Watchdog {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly slots: readonly Slot[],
    private readonly liveness: Liveness,
    /** The worker's heartbeat count (0 when it has no heartbeat word). */
    private readonly beats: (slot: Slot) => number,
    /** Called with the slot of a worker found gone. */
    private readonly lost: (slot: Slot, reason: Error) => void,
  ) {}

  /** Starts watching (a call has been sent). */
  wake(): void {
    if (this.timer) return;
    const every = Math.max(20, Math.min(this.liveness.checkAfter, this.liveness.deadline) / 4);
    this.timer = setInterval(() => this.tick(performance.now()), every);
    // A watch never keeps a Node process alive by itself.
    (this.timer as { unref?: () => void }).unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private tick(now: number): void {
    let watching = false;
    for (const slot of this.slots) {
      if (slot.failed || slot.pending.size === 0) {
        slot.probe = null;
        continue;
      }
      watching = true;
      const beats = this.beats(slot);
      const probe = slot.probe;
      if (!probe) {
        if (now - slot.lastSign < this.liveness.checkAfter) continue;
        slot.probe = { sentAt: now, beats };
        const port = slot.port;
        port.ping(() => {
          if (slot.port !== port) return;
          slot.probe = null;
          slot.lastSign = performance.now();
        });
      } else if (beats !== probe.beats) {
        slot.probe = null;
        slot.lastSign = now;
      } else if (
        now - probe.sentAt >=
        (slot.connected ? this.liveness.deadline : this.liveness.startDeadline)
      ) {
        slot.probe = null;
        const seconds = ((now - slot.lastSign) / 1000).toFixed(0);
        this.lost(slot, new Error(`it gave no sign of life for ${seconds} s`));
      }
    }
    if (!watching) this.stop();
  }
}
