import { vaccinationOps } from '@willow/contracts';
import { crudHooks } from '../../lib/crud-hooks';
import { auditKeys, vaccinationKeys } from '../../lib/query-keys';

/** Lists under ['vaccinations', 'list', filter]; every change refreshes them and the history. */
const vaccinationHooks = crudHooks({ ops: vaccinationOps, keys: vaccinationKeys, invalidates: [vaccinationKeys.all, auditKeys.all] });

export const {
  useList: useVaccinations,
  useCreate: useCreateVaccination,
  useUpdate: useUpdateVaccination,
  useRemove: useDeleteVaccination,
} = vaccinationHooks;
