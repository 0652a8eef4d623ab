export { balancePlacements, cogOffset, DEFAULT_COG_SHARE, loadingOrder } from './balance.ts';
export { type CheckResult, checkPlan, unionArea, type Violation, type ViolationKind } from './check.ts';
export { type ContainerType, loadContainerTypes, STANDARD_CONTAINERS } from './containers.ts';
export { brSeed, formatThpack, type GenerateOptions, generateBR } from './generate.ts';
export { type ContainerPlanOptions, planContainer } from './plan-container.ts';
export type { Tuning, Variant } from './search-setup.ts';
export { type Budget, consolidate, planShipment } from './shipment.ts';
export { parseThpack, type ThpackProblem } from './thpack.ts';
export type * from './types.ts';
