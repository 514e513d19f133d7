import { useMemo } from 'react';
import { Box, Button, Divider, IconButton, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatCents, toCents } from '@willow/contracts';
import type { DiscountType, LineKind, Priced, TaxCode } from '@willow/contracts';
import { DateInput, FormError, SelectInput, TextInput } from '../../components/form-fields';
import type { FieldErrors } from '../../lib/zod-errors';
import { useAddOnItems } from '../add-ons/add-ons.api';
import { ClientPicker } from '../clients/client-picker';
import { usePatientList } from '../patients/patients.api';
import { useServiceList } from '../services/services.api';
import { useStaff } from '../users/users.api';
import { blankLine, centsToUnits, changeLine, MAX_LINES, moveLine, removeLine } from './document-lines';
import type { LineDraft } from './document-lines';

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

export type SetValue = <K extends keyof DocumentValues>(key: K, value: DocumentValues[K]) => void;

const KIND_OPTIONS: { value: LineKind; label: string }[] = [
  { value: 'service', label: 'Service' },
  { value: 'addOn', label: 'Add-on' },
  { value: 'text', label: 'Text' },
];

const DISCOUNT_OPTIONS: { value: DiscountType; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'percent', label: '%' },
  { value: 'amount', label: 'Amount' },
];

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

interface DiscountFieldsProps {
  label: string;
  type: DiscountType;
  value: string;
  onTypeChange: (type: DiscountType) => void;
  onValueChange: (value: string) => void;
  typeError?: string | undefined;
  valueError?: string | undefined;
  readOnly: boolean;
  size?: 'small' | 'medium';
}

/** A discount: none, a percentage, or an amount in the currency's units. */
export function DiscountFields({ label, type, value, onTypeChange, onValueChange, typeError, valueError, readOnly, size }: DiscountFieldsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flex: '1 1 220px', minWidth: 0 }}>
      <Box sx={{ flex: '0 0 110px' }}>
        <SelectInput
          size={size}
          label={label}
          options={DISCOUNT_OPTIONS}
          value={type}
          onChange={(x) => {
            onTypeChange(x as DiscountType);
            if (x === 'none') onValueChange('');
          }}
          error={typeError}
          disabled={readOnly}
        />
      </Box>
      {type !== 'none' && (
        <TextInput
          size={size}
          label={type === 'percent' ? `${label} %` : `${label} amount`}
          value={value}
          onValueChange={onValueChange}
          error={valueError}
          disabled={readOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
        />
      )}
    </Box>
  );
}

interface LinesEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  errors: FieldErrors;
  locationId: string;
  taxCodes: readonly TaxCode[];
  priced: Priced;
  currency: string;
  readOnly: boolean;
  /** estimates: a high quantity beside the quantity */
  withHighQuantity?: boolean;
  /** a credit note: its lines are its invoice's (each names the line it credits), so none is added */
  fixedLines?: boolean;
}

/**
 * The document's lines: what each is (a service, an add-on or free text; the catalogue fills in
 * the description and price), quantity, unit price in the currency's units, the line's discount,
 * its tax code and who performed it, with the line's total as priced while typing.
 */
export function LinesEditor({ lines, onChange, errors, locationId, taxCodes, priced, currency, readOnly, withHighQuantity = false, fixedLines = false }: LinesEditorProps) {
  const services = useServiceList(locationId, true);
  const addOns = useAddOnItems(locationId, true);
  const staff = useStaff(locationId);
  const serviceOptions = useMemo(() => (services.data ?? []).map((s) => ({ value: s.id, label: s.name })), [services.data]);
  const addOnOptions = useMemo(() => (addOns.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.categoryName})` })), [addOns.data]);
  const staffOptions = useMemo(() => (staff.data ?? []).map((s) => ({ value: s.value, label: s.label })), [staff.data]);
  const money = (cents: number) => formatCents(cents, currency);

  const taxOptionsFor = (line: LineDraft) =>
    taxCodes
      .filter((c) => c.active || c.id === line.taxCodeId)
      .map((c) => ({ value: c.id, label: `${c.name} (${c.rate / 100} %)` }));

  const pick = (index: number, kind: LineKind, id: string) => {
    if (kind === 'service') {
      const s = services.data?.find((x) => x.id === id);
      onChange(changeLine(lines, index, { serviceId: id || null, ...(s && { description: s.name, unitPrice: centsToUnits(toCents(s.price)) }) }));
    } else {
      const a = addOns.data?.find((x) => x.id === id);
      onChange(changeLine(lines, index, { addOnId: id || null, ...(a && { description: a.name, unitPrice: centsToUnits(toCents(a.price)) }) }));
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Lines
      </Typography>
      <Stack spacing={1}>
        {lines.map((line, index) => {
          const n = index + 1;
          const err = (field: string) => errors[`items.${index}.${field}`];
          const set = (patch: Partial<LineDraft>) => onChange(changeLine(lines, index, patch));
          return (
            <Paper key={line.key} variant="outlined" sx={{ p: 1.5 }} data-testid="document-line">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: '0 1 120px', minWidth: 100 }}>
                  <SelectInput
                    size="small"
                    label={`Line ${n} kind`}
                    options={KIND_OPTIONS}
                    value={line.kind}
                    onChange={(x) => set({ kind: x as LineKind, serviceId: null, addOnId: null })}
                    error={err('kind')}
                    disabled={readOnly}
                  />
                </Box>
                {line.kind !== 'text' && (
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <SelectInput
                      size="small"
                      label={line.kind === 'service' ? `Line ${n} service` : `Line ${n} add-on`}
                      options={line.kind === 'service' ? serviceOptions : addOnOptions}
                      value={(line.kind === 'service' ? line.serviceId : line.addOnId) ?? ''}
                      onChange={(id) => pick(index, line.kind, id)}
                      error={line.kind === 'service' ? err('serviceId') : err('addOnId')}
                      disabled={readOnly}
                    />
                  </Box>
                )}
                <TextInput
                  size="small"
                  label={`Line ${n} description`}
                  value={line.description}
                  onValueChange={(x) => set({ description: x })}
                  error={err('description')}
                  disabled={readOnly}
                  sx={{ flex: '2 1 220px' }}
                />
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}>
                <TextInput
                  size="small"
                  label={`Line ${n} quantity`}
                  value={line.quantity}
                  onValueChange={(x) => set({ quantity: x })}
                  error={err('quantity')}
                  disabled={readOnly}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: '0 1 100px' }}
                />
                {withHighQuantity && (
                  <TextInput
                    size="small"
                    label={`Line ${n} high quantity`}
                    value={line.highQuantity}
                    onValueChange={(x) => set({ highQuantity: x })}
                    error={err('highQuantity')}
                    disabled={readOnly}
                    placeholder={line.quantity}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    sx={{ flex: '0 1 110px' }}
                  />
                )}
                <TextInput
                  size="small"
                  label={`Line ${n} unit price`}
                  value={line.unitPrice}
                  onValueChange={(x) => set({ unitPrice: x })}
                  error={err('unitPrice')}
                  disabled={readOnly}
                  placeholder="0.00"
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: '0 1 120px' }}
                />
                <DiscountFields
                  size="small"
                  label={`Line ${n} discount`}
                  type={line.discountType}
                  value={line.discount}
                  onTypeChange={(discountType) => set({ discountType })}
                  onValueChange={(discount) => set({ discount })}
                  typeError={err('discountType')}
                  valueError={err('discountValue')}
                  readOnly={readOnly}
                />
                <Box sx={{ flex: '1 1 150px', minWidth: 0 }}>
                  <SelectInput
                    size="small"
                    label={`Line ${n} tax`}
                    options={taxOptionsFor(line)}
                    value={line.taxCodeId}
                    onChange={(taxCodeId) => set({ taxCodeId })}
                    emptyLabel="No tax"
                    error={err('taxCodeId')}
                    disabled={readOnly}
                  />
                </Box>
                <Box sx={{ flex: '1 1 150px', minWidth: 0 }}>
                  <SelectInput
                    size="small"
                    label={`Line ${n} provider`}
                    options={staffOptions}
                    value={line.providerId}
                    onChange={(providerId) => set({ providerId })}
                    emptyLabel="None"
                    error={err('providerId')}
                    disabled={readOnly}
                  />
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto', minHeight: 40 }}>
                  <Typography variant="body2" sx={{ minWidth: 90, textAlign: 'right' }} aria-label={`Line ${n} total`}>
                    {money(priced.lines[index]?.total ?? 0)}
                  </Typography>
                  {!readOnly && (
                    <>
                      <IconButton aria-label={`Move line ${n} up`} disabled={index === 0} onClick={() => onChange(moveLine(lines, index, index - 1))}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Move line ${n} down`}
                        disabled={index === lines.length - 1}
                        onClick={() => onChange(moveLine(lines, index, index + 1))}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={`Remove line ${n}`} onClick={() => onChange(removeLine(lines, index))}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </Box>
              </Box>
            </Paper>
          );
        })}
      </Stack>
      <FormError message={errors.items} />
      {!readOnly && !fixedLines && (
        <Button startIcon={<AddIcon />} onClick={() => onChange([...lines, blankLine()])} disabled={lines.length >= MAX_LINES} sx={{ mt: 1 }}>
          Add line
        </Button>
      )}
    </Box>
  );
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
