import type { TestProject } from 'vitest/node';
import { dropTemplate, makeTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = project.config.env?.TEST_DB === 'postgres' || process.env.TEST_DB === 'postgres';
  const template = await makeTemplate(postgres);
  project.provide('dbTemplate', template);
  return async () => dropTemplate(template, postgres);
}
