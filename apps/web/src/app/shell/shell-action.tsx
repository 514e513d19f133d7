import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { Box } from '@mui/material';

/** A small icon button's size: the space a shell action holds while its code loads, so nothing shifts. */
const ACTION_SIZE = 34;

/** A feature's button in the navigation header or the mobile top bar (a lazy component). */
export function ShellAction({ action: Action }: { action: ComponentType }) {
  return (
    <Suspense fallback={<Box sx={{ width: ACTION_SIZE, height: ACTION_SIZE, flex: 'none' }} />}>
      <Action />
    </Suspense>
  );
}
