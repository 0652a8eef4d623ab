// Supply-chain finance: bank and credit information (creditCarddInformation) and financing
// applications on the workflow kernel; the due-date reminders run as the scheduler's `financeReminder`.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { creditInfoResource } from './credit.ts';
import { financingCommands, financingResource } from './financing.ts';

export async function financeModule(app: FastifyInstance) {
  registerResource(app, creditInfoResource);
  registerResource(app, financingResource);
  registerCommands(app, financingCommands);
}
