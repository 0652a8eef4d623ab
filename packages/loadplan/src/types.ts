/** Public types of the load planner. All lengths share one integer unit (mm, cm…), weights one unit (kg). */

/** A container type: inner length (x, back wall to door), width (y), height (z). */
export interface ContainerSpec {
  id?: string;
  l: number;
  w: number;
  h: number;
  /** Max payload; omitted means unlimited. */
  maxPayload?: number;
  /** Cost of using one such container (for `mode: 'cheapest'`); defaults to its volume. */
  cost?: number;
  /** How many of this type may be used in a shipment; omitted means unlimited. */
  available?: number;
}

/** A box type and how many of it there are. */
export interface BoxSpec {
  id?: string | number;
  /** The three sizes as given; which one stands vertical is chosen by the planner within `vertical`. */
  l: number;
  w: number;
  h: number;
  qty: number;
  /** Weight of one box; default 0. */
  weight?: number;
  /** Which of (l, w, h) may stand vertical; default all three. */
  vertical?: readonly [boolean, boolean, boolean];
  /** false: nothing may rest on top of this box. Default true. */
  stackable?: boolean;
  /**
   * Max weight this box may carry on its top face. The load is propagated down the stack:
   * each box passes its own weight plus its load to the boxes below it, split by contact area.
   */
  maxLoadOnTop?: number;
  /**
   * Loading group. Groups are loaded in ascending order from the back wall (x = 0) towards the door,
   * so a higher group stands nearer the door and comes out first at unloading. Default 0.
   */
  group?: number;
}

/** One placed box: `type` indexes the box list; x along the length, y across, z up; l, w, h = placed size. */
export interface Placement {
  type: number;
  x: number;
  y: number;
  z: number;
  l: number;
  w: number;
  h: number;
}

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface ContainerPlan {
  container: ContainerSpec;
  /** In loading order: every box's supports come before it. */
  placements: Placement[];
  /** Packed box volume / container volume, 0..1. */
  volumeUtilisation: number;
  /** Packed weight / max payload, 0..1 (0 when the payload is unlimited). */
  weightUtilisation: number;
  totalWeight: number;
  /** Centre of gravity of the cargo (by weight; by volume when all weights are 0); null when empty. */
  centreOfGravity: Point3 | null;
  /**
   * Signed offset of the (weighted) centre of gravity from the container's middle, as shares of its
   * length (x) and width (y); null when the cargo has no weight.
   */
  cogOffset: { x: number; y: number } | null;
  /** Count left over per box type, same indexing as the box list. */
  leftover: number[];
  /** Search effort: blocks generated, greedy completions evaluated, widest beam started. */
  stats?: { blocks: number; nodes: number; beamWidth: number };
}

export interface PlanOptions {
  /** Wall-clock budget; the best plan found so far is returned when it runs out. Default 1000. */
  timeLimitMs?: number;
  /** Seed for tie-breaking; a given seed and node cap give identical plans. Default 1. */
  seed?: number;
  /**
   * Cap on evaluated search nodes. With a cap and an ample time limit the result does not depend
   * on machine speed, which is what makes runs reproducible.
   */
  maxNodes?: number;
  /**
   * Largest allowed offset of the cargo's centre of gravity from the container's middle, as a share
   * of its length and of its width (default 0.1). The planner balances each container to meet it,
   * leaving boxes for the next container when it must; Infinity turns the rule off.
   */
  cogShare?: number;
  /**
   * Clock in milliseconds that the time limit is measured on (default `performance.now`, wall-clock).
   * Benchmarks on a shared machine pass the process's CPU time, so a limit means the same work
   * however loaded the machine is.
   */
  clock?: () => number;
}

export interface ShipmentRequest extends PlanOptions {
  containers: ContainerSpec[];
  boxes: BoxSpec[];
  /** fewest: fewest containers; cheapest: lowest total cost. Default 'fewest'. */
  mode?: 'fewest' | 'cheapest';
}

export interface ShipmentPlan {
  containers: ContainerPlan[];
  /** Count per box type that could not be loaded into any available container. */
  leftover: number[];
  totalCost: number;
}
