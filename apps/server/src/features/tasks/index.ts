// What other features use of tasks: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export { tasksRepository } from './tasks.repository.js';
export type { TasksService } from './tasks.service.js';
