/** The server's notion of now. Tests pass a controllable clock to check expiry rules. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | number = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
