// The worker thread an import's sheet is read in (lib/sheet-worker-run.ts does the work).
import { register } from 'tsx/esm/api';

register();
await import('./sheet-worker-run.ts');
