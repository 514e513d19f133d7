// The editor of an invoice or an estimate: who it is for, dates, discount, notes and totals; its
// lines are edited in document-lines-editor.tsx and a discount in discount-fields.tsx.
import { useMemo } from 'react';
import { Box, Divider, Paper, Stack, Typography } from '@mui/material';
import { formatCents } from '@willow/contracts';
import type { DiscountType, Priced, TaxCode } from '@willow/contracts';
import { DateInput, SelectInput, TextInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { ClientPicker } from '../clients/client-picker';
import { usePatientList } from '../patients/patients.api';
import { basisPointsToPercent, blankLine, centsToUnits, discountValueOf, draftsFromItems } from './document-lines';
import type { LineDraft } from './document-lines';
import { DiscountFields } from './discount-fields';
import { LinesEditor } from './document-lines-editor';

/** What the invoice and estimate editors hold while a person types. */
export interface DocumentValues {
  clientId: string;
  patientId: string;
  appointmentId: string;
  /** invoices */
  issuedOn: string;
  dueOn: string;
  pdfTemplateId: string;
  /** estimates */
  validUntil: string;
  discountType: DiscountType;
  discount: string;
  notes: string;
  lines: LineDraft[];
}

export const blankDocument = (patch: Partial<DocumentValues> = {}): DocumentValues => ({
  clientId: '',
  patientId: '',
  appointmentId: '',
  issuedOn: '',
  dueOn: '',
  pdfTemplateId: '',
  validUntil: '',
  discountType: 'none',
  discount: '',
  notes: '',
  lines: [blankLine()],
  ...patch,
});

/** A saved document's shared fields as the editor holds them, with its kind's own fields (`own`). */
export function valuesOfDocument(
  d: {
    clientId: string;
    patientId: string | null;
    appointmentId: string | null;
    discountType: DiscountType;
    discountValue: number;
    notes: string;
    items: Parameters<typeof draftsFromItems>[0];
  },
  own: Partial<DocumentValues>,
): DocumentValues {
  return blankDocument({
    clientId: d.clientId,
    patientId: d.patientId ?? '',
    appointmentId: d.appointmentId ?? '',
    ...own,
    discountType: d.discountType,
    discount: d.discountType === 'none' ? '' : d.discountType === 'percent' ? basisPointsToPercent(d.discountValue) : centsToUnits(d.discountValue),
    notes: d.notes,
    lines: draftsFromItems(d.items),
  });
}

/** What the editor sends of the shared fields, before the contract's check (which names anything wrong under its field). */
export const documentInputOf = (v: DocumentValues, locationId: string) => ({
  locationId,
  clientId: v.clientId,
  patientId: v.patientId || null,
  appointmentId: v.appointmentId || null,
  discountType: v.discountType,
  discountValue: discountValueOf(v.discountType, v.discount),
  notes: v.notes,
});

export type SetValue = <K extends keyof DocumentValues>(key: K, value: DocumentValues[K]) => void;

interface HeaderFieldsProps {
  values: DocumentValues;
  set: SetValue;
  errors: FieldErrors;
  locationId: string;
  readOnly: boolean;
  /** shown in place of the picker on a read-only document */
  clientName?: string | undefined;
}

/** The client and the patient a document is for; another client clears the patient (not theirs). */
export function PartyFields({ values, set, errors, locationId, readOnly, clientName }: HeaderFieldsProps) {
  const patients = usePatientList({ clientId: values.clientId, limit: 100, offset: 0, includeDeceased: true }, Boolean(values.clientId));
  const patientOptions = useMemo(() => (patients.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })), [patients.data]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {readOnly ? (
          <ClientName name={clientName ?? ''} />
        ) : (
          <ClientPicker
            value={values.clientId}
            onChange={(id) => {
              set('clientId', id);
              if (id !== values.clientId) set('patientId', '');
            }}
            locationId={locationId}
            required
            error={errors.clientId && 'Choose a client'}
            helperText=""
          />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <SelectInput
          label="Patient"
          options={patientOptions}
          value={values.patientId}
          onChange={(id) => set('patientId', id)}
          emptyLabel="None"
          error={errors.patientId}
          disabled={readOnly || !values.clientId}
        />
      </Box>
    </Stack>
  );
}

/** A finalised document names its client; the picker (and its search) is for drafts. */
function ClientName({ name }: { name: string }) {
  return <TextInput label="Client" value={name} onValueChange={() => undefined} disabled />;
}

/** The totals as priced while typing: what the server will store when the document is saved. */
export function TotalsPanel({ priced, currency, high }: { priced: Priced; currency: string; high?: Priced | undefined }) {
  const money = (cents: number) => formatCents(cents, currency);
  const row = (label: string, value: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} component="dt">
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} component="dd" sx={{ m: 0, fontWeight: strong ? 600 : undefined }} aria-label={label}>
        {value}
      </Typography>
    </Box>
  );
  const t = priced.totals;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, ml: { sm: 'auto' }, width: { xs: '100%', sm: 320 } }} aria-live="polite">
      <Box component="dl" sx={{ m: 0 }} aria-label="Totals">
        {row('Subtotal', money(t.subtotal))}
        {row('Discount', money(-t.discount))}
        {row('Tax', money(t.tax))}
        <Divider sx={{ my: 0.5 }} />
        {high ? (
          <>
            {row('Low total', money(t.total), true)}
            {row('High total', money(high.totals.total), true)}
          </>
        ) : (
          row('Total', money(t.total), true)
        )}
      </Box>
    </Paper>
  );
}

interface DocumentFieldsProps extends HeaderFieldsProps {
  taxCodes: readonly TaxCode[];
  priced: Priced;
  high?: Priced;
  currency: string;
  /** 'invoice' shows issued and due dates, 'estimate' the valid-until date and high quantities */
  kind: 'invoice' | 'estimate';
  noun: string;
  /** a credit note: lines are changed or removed, never added */
  fixedLines?: boolean;
}

/** The whole editor of an invoice or an estimate: who it is for, dates, lines, discount, notes, totals. */
export function DocumentFields(props: DocumentFieldsProps) {
  const { values, set, errors, locationId, readOnly, clientName, taxCodes, priced, high, currency, kind, noun } = props;
  return (
    <>
      <PartyFields values={values} set={set} errors={errors} locationId={locationId} readOnly={readOnly} clientName={clientName} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {kind === 'invoice' ? (
          <>
            <DateInput label="Issued on" value={values.issuedOn} onValueChange={(x) => set('issuedOn', x)} error={errors.issuedOn} disabled={readOnly} />
            <DateInput label="Due on" value={values.dueOn} onValueChange={(x) => set('dueOn', x)} error={errors.dueOn} disabled={readOnly} />
          </>
        ) : (
          <DateInput label="Valid until" value={values.validUntil} onValueChange={(x) => set('validUntil', x)} error={errors.validUntil} disabled={readOnly} />
        )}
      </Stack>
      <LinesEditor
        lines={values.lines}
        onChange={(lines) => set('lines', lines)}
        errors={errors}
        locationId={locationId}
        taxCodes={taxCodes}
        priced={priced}
        currency={currency}
        readOnly={readOnly}
        withHighQuantity={kind === 'estimate'}
        fixedLines={props.fixedLines ?? false}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Box sx={{ display: 'flex' }}>
            <DiscountFields
              label={`${noun} discount`}
              type={values.discountType}
              value={values.discount}
              onTypeChange={(x) => set('discountType', x)}
              onValueChange={(x) => set('discount', x)}
              typeError={errors.discountType}
              valueError={errors.discountValue}
              readOnly={readOnly}
            />
          </Box>
          <TextInput label="Notes" multiline minRows={2} value={values.notes} onValueChange={(x) => set('notes', x)} error={errors.notes} disabled={readOnly} />
        </Stack>
        <TotalsPanel priced={priced} currency={currency} high={high} />
      </Box>
    </>
  );
}
