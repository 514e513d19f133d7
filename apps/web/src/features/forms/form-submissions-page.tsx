import { useMemo, useState } from 'react';
import { Tab, Tabs } from '@mui/material';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { FORM_MESSAGES, FORM_SUBMISSION_VIEW_LABELS, FORM_SUBMISSION_VIEWS } from '@willow/contracts';
import type { FormSubmission, FormSubmissionView } from '@willow/contracts';
import { DataTable } from '../../components/data-table';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useServerPages } from '../../components/use-server-pages';
import { formatDateTime } from '../../lib/dates';
import { useSettings } from '../../lib/settings';
import { useErrorToast } from '../../lib/toasts';
import { useLocations } from '../locations/locations.api';
import { FormSubmissionDialog } from './form-submission-dialog';
import { useFormSubmissions } from './forms.api';

const isView = (view: string | undefined): view is FormSubmissionView => FORM_SUBMISSION_VIEWS.includes(view as FormSubmissionView);

const columns: GridColDef<FormSubmission>[] = [
  { field: 'submittedAt', headerName: 'Submitted', width: 180, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'formName', headerName: 'Form', flex: 1, minWidth: 180 },
  { field: 'client', headerName: 'Client', flex: 1, minWidth: 150, valueGetter: (_v, row) => row.client.name },
  { field: 'patient', headerName: 'Patient', width: 150, valueGetter: (_v, row) => row.patient?.name ?? '' },
];

/**
 * What clients sent through forms (/formSubmissions/unread, /read, /deleted), newest first, at the
 * location chosen in the navigation (every location under All Locations, like the menu's badge).
 */
export default function FormSubmissionsPage() {
  const { view } = useParams();
  const { locationId } = useSettings();
  const locations = useLocations(true);
  const [openId, setOpenId] = useState<string | null>(null);
  const current: FormSubmissionView = isView(view) ? view : 'unread';
  const pages = useServerPages({ view: current, ...(locationId && { locationId }) });
  const submissions = useFormSubmissions(pages.query, pages.options);
  useErrorToast(submissions.error, FORM_MESSAGES.listError);
  const locationName = locationId ? locations.data?.find((l) => l.id === locationId)?.name : 'All Locations';
  const shownColumns = useMemo<GridColDef<FormSubmission>[]>(() => {
    const location: GridColDef<FormSubmission> = {
      field: 'locationId',
      headerName: 'Location',
      width: 160,
      valueGetter: (_v, row) => locations.data?.find((l) => l.id === row.locationId)?.name ?? '',
    };
    // A row opens with a click, or from the keyboard with its Open button.
    const open: GridColDef<FormSubmission> = {
      field: 'actions',
      type: 'actions',
      width: 60,
      getActions: ({ row }) => [
        <GridActionsCellItem key="open" icon={<OpenInFullIcon />} label={`Open ${row.formName} from ${row.client.name}`} onClick={() => setOpenId(row.id)} />,
      ],
    };
    return [...columns, ...(!locationId && (locations.data?.length ?? 0) > 1 ? [location] : []), open];
  }, [locationId, locations.data]);

  if (!isView(view)) return <Navigate to="/formSubmissions/unread" replace />;
  return (
    <>
      <PageHeader title="Form Submissions" subtitle={locationName} />
      <Tabs value={current} aria-label="Form submission views" sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        {FORM_SUBMISSION_VIEWS.map((v) => (
          <Tab key={v} value={v} label={FORM_SUBMISSION_VIEW_LABELS[v]} component={RouterLink} to={`/formSubmissions/${v}`} />
        ))}
      </Tabs>
      <DataTable
        label={`${FORM_SUBMISSION_VIEW_LABELS[current]} form submissions`}
        rows={submissions.data?.items}
        columns={shownColumns}
        loadError={loadErrorOf(submissions)}
        loading={submissions.isFetching}
        noRowsLabel={current === 'unread' ? 'No unread submissions' : current === 'read' ? 'No read submissions' : 'Nothing deleted'}
        server={pages.table(submissions.data?.total)}
        onRowClick={(row) => setOpenId(row.id)}
      />
      <FormSubmissionDialog submissionId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
