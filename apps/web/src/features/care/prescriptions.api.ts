import { prescriptionOps } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { auditKeys, prescriptionKeys } from '../../lib/query-keys';

/** Lists under ['prescriptions', 'list', filter]; every change refreshes them and the history. */
const prescriptionHooks = crudHooks({ ops: prescriptionOps, keys: prescriptionKeys, invalidates: [prescriptionKeys.all, auditKeys.all] });

export const {
  useList: usePrescriptions,
  useGet: usePrescription,
  useCreate: useCreatePrescription,
  useUpdate: useUpdatePrescription,
  useRemove: useDeletePrescription,
} = prescriptionHooks;
