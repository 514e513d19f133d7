import { controlledDrugLedgerReport, MOVEMENT_TYPE_LABELS, type ControlledDrugLedgerReport, type ControlledDrugLedgerRow } from '@willow/contracts';
import { defineReport, formatCount } from '../report-definition';

type Row = Pick<ControlledDrugLedgerRow, 'entryId' | 'at' | 'name' | 'locationName'> & {
  lotNumber: string;
  type: string;
  quantity: string;
  balance: string;
  patientName: string;
  userName: string;
  reason: string;
};

/** Signed as the log keeps it: + into stock, − out of it. */
const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));

/** Every log entry of controlled drugs in the range, in log order, with the running balance (decision 0280). */
export const controlledDrugLedgerDefinition = defineReport<ControlledDrugLedgerReport, Row>({
  id: 'controlledDrugLedger',
  label: 'Controlled-drug ledger',
  description: 'Every entry of the inventory log for controlled drugs, in the order written, with the balance after each',
  operation: controlledDrugLedgerReport,
  range: true,
  provider: false,
  controlledItem: true,
  view: (answer) => ({
    rows: answer.rows.map((r) => ({
      entryId: r.entryId,
      at: r.at,
      name: r.name,
      lotNumber: r.lotNumber ?? '',
      locationName: r.locationName,
      type: MOVEMENT_TYPE_LABELS[r.type],
      quantity: `${signed(r.quantity)} ${r.sellUnit}`,
      balance: formatCount(r.balance),
      patientName: r.patientName ?? '',
      userName: r.userName ?? '',
      reason: r.reason ?? '',
    })),
    totals: {
      entryId: 'totals',
      at: 'Total',
      name: `${answer.totals.entries} ${answer.totals.entries === 1 ? 'entry' : 'entries'}`,
      lotNumber: '',
      locationName: '',
      type: '',
      quantity: `In ${formatCount(answer.totals.in)}, out ${formatCount(answer.totals.out)}`,
      balance: '',
      patientName: '',
      userName: '',
      reason: '',
    },
  }),
  columns: () => [
    { field: 'at', header: 'When', kind: 'text', value: (r) => r.at },
    { field: 'name', header: 'Item', kind: 'text', value: (r) => r.name, grow: true },
    { field: 'lotNumber', header: 'Lot', kind: 'text', value: (r) => r.lotNumber },
    { field: 'locationName', header: 'Location', kind: 'text', value: (r) => r.locationName },
    { field: 'type', header: 'Type', kind: 'text', value: (r) => r.type },
    { field: 'quantity', header: 'Quantity', kind: 'text', value: (r) => r.quantity },
    { field: 'balance', header: 'Balance after', kind: 'text', value: (r) => r.balance },
    { field: 'patientName', header: 'Patient', kind: 'text', value: (r) => r.patientName },
    { field: 'userName', header: 'User', kind: 'text', value: (r) => r.userName },
    { field: 'reason', header: 'Reason', kind: 'text', value: (r) => r.reason },
  ],
  rowId: (r) => r.entryId,
  noRowsLabel: 'No controlled-drug entries in these days',
});
