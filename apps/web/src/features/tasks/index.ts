import { lazy } from 'react';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { FeatureModule } from '../../app/feature-registry';

export const tasksFeature: FeatureModule = {
  id: 'tasks',
  routes: [{ path: '/tasks/:view', element: lazy(() => import('./tasks-page')) }],
  // Communications runs Tasks, SMS and Form Submissions (SPEC §2): Tasks first.
  menu: [{ section: 'Communications', label: 'Tasks', path: '/tasks/my-tasks', icon: TaskAltIcon, order: 10 }],
  badges: [{ path: '/tasks/my-tasks', loadCount: () => import('./tasks.api').then((m) => m.useMyOpenTaskCount) }],
  clientTabs: [{ id: 'tasks', label: 'Tasks', order: 58, element: lazy(() => import('./record-tasks').then((m) => ({ default: m.ClientTasksTab }))) }],
  patientTabs: [{ id: 'tasks', label: 'Tasks', order: 60, element: lazy(() => import('./record-tasks').then((m) => ({ default: m.PatientTasksTab }))) }],
};
