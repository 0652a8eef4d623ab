// Moved to components/domain; kept for the tower and tools pages until they import from there.
export * from '../../../components/domain/lookups.ts';
