// Where boxes are, as the logistics module answers it: the vehicle and the container each box is on (a
// box is on one of each at most). The logistics module owns the vehicle and container tables.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containerBoxes, containers, vehicleBoxes, vehicles } from '../../db/schema-logistics.ts';

export async function boxPlaces(db: Db, boxIds: number[]) {
  if (!boxIds.length) return { onVehicles: [], inContainers: [] };
  const [onVehicles, inContainers] = await Promise.all([
    db
      .select({ boxId: vehicleBoxes.boxId, id: vehicles.id, plateNumber: vehicles.plateNumber })
      .from(vehicleBoxes)
      .innerJoin(vehicles, eq(vehicles.id, vehicleBoxes.accessoryInfoId))
      .where(inArray(vehicleBoxes.boxId, boxIds)),
    db
      .select({ boxId: containerBoxes.boxId, id: containers.id, containerNumber: containers.containerNumber })
      .from(containerBoxes)
      .innerJoin(containers, eq(containers.id, containerBoxes.containerId))
      .where(inArray(containerBoxes.boxId, boxIds)),
  ]);
  return { onVehicles, inContainers };
}
