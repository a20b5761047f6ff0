import {setTimeout as sleep} from 'node:timers/promises';

/*
 * Paces the calls of one bulk run (`asset check`): every attempt of every call awaits
 * `ready()` before it starts. A 429 that asks for a back-off (Retry-After) holds every call
 * sharing the pacer, not only the one that met it, so workers do not keep hitting a limit
 * the upstream has told them about; an optional rate caps starts per second. The transport
 * calls `ready` from got's beforeRequest hook and `hold` when it schedules a 429's retry.
 */
export class Pacer {
  private holdUntil = 0;
  private nextSlot = 0;

  /** @param ratePerSecond attempts started per second at most; undefined: no cap. */
  constructor(private readonly ratePerSecond?: number, private readonly now: () => number = () => performance.now()) {}

  /** No attempt starts before this returns. */
  async ready(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const start = this.now();
      if (this.holdUntil > start) {
        await sleep(this.holdUntil - start, undefined, signal ? {signal} : {});
        continue;
      }
      if (this.ratePerSecond === undefined) return;
      // The slot is taken at once, so concurrent callers queue one interval apart.
      const slot = Math.max(start, this.nextSlot);
      this.nextSlot = slot + 1000 / this.ratePerSecond;
      if (slot > start) await sleep(slot - start, undefined, signal ? {signal} : {});
      if (this.holdUntil <= this.now()) return;
    }
  }

  /** The upstream asked for `ms` of quiet (a 429's Retry-After): no attempt starts before it ends. */
  hold(ms: number): void {
    this.holdUntil = Math.max(this.holdUntil, this.now() + ms);
  }

  /** When the current hold ends (performance.now() time), 0 when none was asked. */
  get heldUntil(): number {
    return this.holdUntil;
  }
}
