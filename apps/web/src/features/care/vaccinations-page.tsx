import { PageHeader } from '../../components/page-header';
import { useSettings } from '../../lib/settings';
import { VaccinationList } from './vaccination-list';

export default function VaccinationsPage() {
  const { locationId } = useSettings();
  return (
    <>
      <PageHeader title="Vaccinations" />
      <VaccinationList filter={{ locationId: locationId ?? undefined }} loadingToast />
    </>
  );
}
