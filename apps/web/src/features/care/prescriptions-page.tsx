import { PageHeader } from '../../components/page-header';
import { useSettings } from '../../lib/settings';
import { PrescriptionList } from './prescription-list';

export default function PrescriptionsPage() {
  const { locationId } = useSettings();
  return (
    <>
      <PageHeader title="Prescriptions" />
      <PrescriptionList filter={{ locationId: locationId ?? undefined }} loadingToast />
    </>
  );
}
