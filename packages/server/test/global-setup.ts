import type { TestProject } from 'vitest/node';
import { dropTemplate, makeTemplate } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await makeTemplate();
  project.provide('dbTemplate', template);
  return async () => dropTemplate(template);
}
