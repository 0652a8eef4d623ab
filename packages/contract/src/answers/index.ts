// Answer schemas: what the server sends, one strict zod object per row or answer. The web's row types
// are `z.infer` of these; the server's conformance test parses real answers with them.
export * from './account.ts';
export * from './admin.ts';
export * from './boxes.ts';
export * from './common.ts';
export * from './customs.ts';
export * from './finance.ts';
export * from './hs.ts';
export * from './loadplan.ts';
export * from './logistics.ts';
export * from './papers.ts';
export * from './project.ts';
export * from './services.ts';
export * from './supplies.ts';
export * from './system.ts';
export * from './tower.ts';
export * from './trade-policy.ts';
