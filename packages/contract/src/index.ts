export * from './boxes.ts';
export * from './customs.ts';
export * from './identity.ts';
export * from './loadplan.ts';
export * from './messages.ts';
export * from './project.ts';
export * from './system.ts';
export * from './validators.ts';
