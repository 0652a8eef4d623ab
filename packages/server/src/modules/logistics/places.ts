// Where boxes are, as the logistics module answers it: the vehicle and the container each box is on (a
// box is on one of each at most). The logistics module owns the vehicle and container tables.
import { type SQL, sql } from 'drizzle-orm';
import { containerBoxes, containers, vehicleBoxes, vehicles } from '../../db/schema-logistics.ts';

/**
 * Where a box is, as fields of a statement over boxes (`box` is the box's id there): its vehicle's id
 * and plate, its container's id and number, null where it is on none. Each is one probe of the box's
 * unique index, evaluated for the page's rows only (the engine's `computed` fields).
 */
export function boxPlaceFields(box: SQL) {
  const vehicle = sql`from ${vehicleBoxes} vb join ${vehicles} v on v.id = vb.accessory_info_id where vb.box_id = ${box} limit 1`;
  const container = sql`from ${containerBoxes} cb join ${containers} c on c.id = cb.container_id where cb.box_id = ${box} limit 1`;
  return {
    accessoryInfoId: sql<number | null>`(select v.id ${vehicle})`.mapWith(Number),
    plateNumber: sql<string | null>`(select v.plate_number ${vehicle})`,
    containerId: sql<number | null>`(select c.id ${container})`.mapWith(Number),
    containerNumber: sql<string | null>`(select c.container_number ${container})`,
  };
}
