import { useMemo } from 'react';
import { Box, Button, Tab, Tabs } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { useServerPages } from '../../components/use-server-pages';
import { todayIso } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { serverFieldErrors } from '../../lib/zod-errors';
import { exportHref, reportQuery, type FilterKey, type ReportFilterValues } from './report-definition';
import { REPORTS, reportById } from './report-definitions';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';
import { useReport } from './reports.api';
import { SavedFilterSets } from './saved-filter-sets';
import { useReportAddress } from './use-report-address';

const FILTER_KEYS: readonly FilterKey[] = ['from', 'to', 'locationId', 'providerId', 'groupBy', 'dueBefore', 'before', 'itemId'];

/**
 * Business › Analytics › Reports: one report at a time, chosen by its tab; the report and its
 * filters live in the address, so a link (or the browser's back) reopens the same table.
 */
export default function ReportsPage() {
  const [params, setParams] = useReportAddress();
  const definition = reportById(params.get('report'));
  const chosen: ReportFilterValues = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  const today = todayIso();
  const query = reportQuery(definition, chosen, today);
  // Typing a date changes it once per key: ask when the typing pauses.
  // (compared as text: the query is a new object each render)
  const asked = JSON.parse(useDebouncedValue(JSON.stringify(query), 300)) as Record<string, string>;
  const pages = useServerPages(asked);
  const report = useReport(definition, definition.paged ? pages.query : asked);
  const fieldErrors = report.error ? serverFieldErrors(report.error) : null;
  const view = useMemo(() => (report.data ? definition.view(report.data) : undefined), [report.data, definition]);
  const groupBy = query.groupBy;
  const columns = useMemo(() => definition.columns({ ...(groupBy && { groupBy }) }), [definition, groupBy]);
  const pageRows = view ? (definition.paged ? view.rows : view.rows.slice(pages.query.offset, pages.query.offset + pages.query.limit)) : [];

  const setFilters = (next: Record<string, string>, report = definition.id) => {
    const search = new URLSearchParams({ report });
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key]);
    setParams(search);
  };
  const change = (key: FilterKey, value: string) => setFilters({ ...chosen, [key]: value });
  const open = (id: string) => {
    const next = reportById(id);
    // What both reports take stays chosen; a grouping or provider the next one lacks is dropped.
    setFilters(
      {
        from: chosen.from ?? '',
        to: chosen.to ?? '',
        locationId: chosen.locationId ?? '',
        ...(next.provider && { providerId: chosen.providerId ?? '' }),
        ...(next.dueBefore && { dueBefore: chosen.dueBefore ?? '' }),
        ...(next.before && { before: chosen.before ?? '' }),
        ...(next.controlledItem && { itemId: chosen.itemId ?? '' }),
      },
      next.id,
    );
  };

  const values = { from: '', to: '', locationId: '', providerId: '', groupBy: '', dueBefore: '', before: '', itemId: '', ...query };
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle={definition.description}
        actions={
          <>
            <Button component="a" href={exportHref(definition, query, 'csv')} download startIcon={<DownloadIcon />}>
              Export CSV
            </Button>
            <Button component="a" href={exportHref(definition, query, 'xlsx')} download startIcon={<DownloadIcon />}>
              Export XLSX
            </Button>
          </>
        }
      />
      <Tabs value={definition.id} onChange={(_e, id: string) => open(id)} aria-label="Reports" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {REPORTS.map((r) => (
          <Tab key={r.id} value={r.id} label={r.label} />
        ))}
      </Tabs>
      <ReportFilters definition={definition} values={values} onChange={change} errors={fieldErrors} />
      <Box sx={{ mb: 2 }}>
        <SavedFilterSets report={definition.id} filters={query} takesDates={definition.range} onApply={(filters) => setFilters(filters)} />
      </Box>
      <ReportTable
        label={definition.label}
        view={fieldErrors ? undefined : view}
        columns={columns}
        rowId={definition.rowId}
        pageRows={pageRows}
        pagination={pages.table(view ? (view.rowCount ?? view.rows.length) : 0)}
        loading={report.isFetching}
        loadError={fieldErrors ? null : loadErrorOf(report)}
        noRowsLabel={fieldErrors ? 'Mend the filters above to see the report' : definition.noRowsLabel}
      />
    </>
  );
}
