// Turns at a shared engine of one node (the load planner's workers), fair per tenant: a tenant runs at
// most its share of the workers and keeps at most its share of the queue waiting, and a freed worker goes
// to the next tenant in turn (round robin), never to whoever queued most. So one company's burst fills
// its own share and is refused past it; every other company keeps its turn. "In turn": the waiting tenant
// served longest ago goes first.

export interface FairLimits {
  /** Turns taken at once on this node. */
  workers: number;
  /** Turns one tenant may take at once (its share of the workers). */
  tenantWorkers: number;
  /** Turns one tenant may have waiting (its share of the queue). */
  tenantWaiting: number;
  /** Turns waiting on this node in all (bounds the memory held by queued requests). */
  totalWaiting: number;
}

/** No room: `scope` says whose queue is full (the caller's own, or the node's); `waiting` counts it. */
export class QueueFull extends Error {
  constructor(
    readonly scope: 'tenant' | 'node',
    readonly waiting: number,
  ) {
    super(`queue full (${scope}, ${waiting} waiting)`);
  }
}

/** The turn did not come before the caller's deadline. */
export class TurnTimeout extends Error {
  constructor() {
    super('no turn before the deadline');
  }
}

interface Waiter {
  grant: () => void;
  fail: (err: Error) => void;
}

interface TenantState {
  running: number;
  waiting: Waiter[];
  /** When it was last given a turn (a counter; 0: not since it came). */
  servedAt: number;
}

export class FairQueue {
  private tenants = new Map<number, TenantState>();
  private clock = 0;
  private running = 0;
  private waitingCount = 0;

  /** `limits` is read on every call (a test or a reconfiguration may change it). */
  constructor(private readonly limits: () => FairLimits) {}

  /**
   * Waits for a turn of `tenant` and returns its release (call it once, when the work ends). Refused at
   * once with `QueueFull` when the tenant's share of the queue (or the node's queue) is full; with
   * `TurnTimeout` when no turn came by `deadline` (epoch ms).
   */
  acquire(tenant: number, deadline?: number): Promise<() => void> {
    const limits = this.limits();
    const state = this.stateOf(tenant);
    if (!state.waiting.length && state.running < limits.tenantWorkers && this.running < limits.workers)
      return Promise.resolve(this.start(tenant, state));
    if (state.waiting.length >= limits.tenantWaiting)
      return Promise.reject(new QueueFull('tenant', state.waiting.length));
    if (this.waitingCount >= limits.totalWaiting)
      return Promise.reject(new QueueFull('node', this.waitingCount));
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.start(tenant, state));
        },
        fail: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      state.waiting.push(waiter);
      this.waitingCount++;
      if (deadline !== undefined)
        timer = setTimeout(
          () => {
            const at = state.waiting.indexOf(waiter);
            if (at < 0) return;
            state.waiting.splice(at, 1);
            this.waitingCount--;
            this.forget(tenant, state);
            waiter.fail(new TurnTimeout());
          },
          Math.max(0, deadline - Date.now()),
        );
    });
  }

  /** Turns running and waiting, in all and for one tenant. */
  stats(tenant?: number) {
    const state = tenant === undefined ? undefined : this.tenants.get(tenant);
    return {
      running: this.running,
      waiting: this.waitingCount,
      tenantRunning: state?.running ?? 0,
      tenantWaiting: state?.waiting.length ?? 0,
    };
  }

  private stateOf(tenant: number): TenantState {
    let state = this.tenants.get(tenant);
    if (!state) {
      state = { running: 0, waiting: [], servedAt: 0 };
      this.tenants.set(tenant, state);
    }
    return state;
  }

  private start(tenant: number, state: TenantState): () => void {
    this.running++;
    state.running++;
    state.servedAt = ++this.clock;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      state.running--;
      this.forget(tenant, state);
      this.dispatch();
    };
  }

  /** Gives free workers to waiting tenants, in turn: the one served longest ago first. */
  private dispatch() {
    const limits = this.limits();
    while (this.running < limits.workers) {
      let next: TenantState | undefined;
      for (const s of this.tenants.values())
        if (s.waiting.length && s.running < limits.tenantWorkers && (!next || s.servedAt < next.servedAt))
          next = s;
      if (!next) return;
      const waiter = next.waiting.shift() as Waiter;
      this.waitingCount--;
      waiter.grant();
    }
  }

  /** A tenant with nothing running or waiting leaves the rotation. */
  private forget(tenant: number, state: TenantState) {
    if (state.running || state.waiting.length) return;
    this.tenants.delete(tenant);
  }
}
