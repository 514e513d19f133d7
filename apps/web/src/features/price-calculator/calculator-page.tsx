import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Divider,
  FormControlLabel,
  FormGroup,
  Link,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  CREMATION_TYPE_LABELS,
  CREMATION_TYPES,
  estimateItemsOf,
  formatWeight,
  MAX_GRAMS,
  quoteOf,
  QUOTE_MESSAGES,
  toGrams,
} from '@willow/contracts';
import type { AddOn, CremationType, Estimate, PriceBand, Quote, Service, WeightUnit } from '@willow/contracts';
import { useHasAnyPermission } from '../../app/session';
import { ListError, loadErrorOf } from '../../components/list-error';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { TextInput } from '../../components/form-fields';
import { notifyError, notifySuccess, useErrorToast } from '../../lib/toasts';
import { serverFieldErrors } from '../../lib/zod-errors';
import { useAddOnItems } from '../add-ons/add-ons.api';
import { ClientPicker } from '../clients/client-picker';
import { LocationPicker, usePageLocation } from '../locations/use-page-location';
import { PatientPicker, type PatientChoice } from '../patients/patient-picker';
import { useServiceList } from '../services/services.api';
import { formatCentsPlain } from './money-text';
import { useCreateEstimateFromQuote, usePriceBands } from './price-calculator.api';
import { PriceBandsEditor } from './price-bands-editor';

/**
 * /calculator: staff price an end-of-life package in front of the family. The total follows every
 * keystroke and tick, computed by the contracts' `quoteOf` from the location's bands and catalogue
 * (the server's quote runs the same function); "Create estimate" sends its lines as an estimate for
 * the client chosen (docs/decisions/0121). Managers edit the bands below.
 */
export default function CalculatorPage() {
  const place = usePageLocation();
  const canManage = useHasAnyPermission(['locations.manage']);
  const { locationId } = place;
  const bands = usePriceBands(locationId);
  const addOns = useAddOnItems(locationId, true);
  const services = useServiceList(locationId, true);
  useErrorToast(bands.error, 'Error loading price bands');

  const loadError = loadErrorOf(bands) ?? loadErrorOf(addOns) ?? loadErrorOf(services);
  const ready = bands.data && addOns.data && services.data;
  return (
    <>
      <PageHeader title="Price Calculator" subtitle={place.location?.name} />
      {place.canPick && (
        <Box sx={{ mb: 2 }}>
          <LocationPicker value={locationId} locations={place.locations} onChange={place.choose} />
        </Box>
      )}
      {!locationId ? (
        <Alert severity="info">Choose a location to price at.</Alert>
      ) : loadError ? (
        <ListError {...loadError} what="the location’s prices" />
      ) : !ready ? (
        <PageLoader />
      ) : (
        <Stack spacing={3}>
          {/* Another location starts over: its catalogue and bands are others. */}
          <Calculator key={locationId} locationId={locationId} bands={bands.data!} addOns={addOns.data!} services={services.data!} canManage={canManage} />
          {canManage && <PriceBandsEditor locationId={locationId} bands={bands.data!} />}
        </Stack>
      )}
    </>
  );
}

interface CalculatorProps {
  locationId: string;
  bands: readonly PriceBand[];
  addOns: readonly AddOn[];
  services: readonly Service[];
  canManage: boolean;
}

const UNIT_LABELS: Record<WeightUnit, string> = { kg: 'kg', lb: 'lb' };

function Calculator({ locationId, bands, addOns, services, canManage }: CalculatorProps) {
  // The types this location prices; the others would only ever say "call for a quote".
  const offered = useMemo(() => CREMATION_TYPES.filter((t) => bands.some((b) => b.cremationType === t)), [bands]);
  const [chosenType, setType] = useState<CremationType | null>(null);
  const cremationType = chosenType && offered.includes(chosenType) ? chosenType : (offered[0] ?? null);
  const [weight, setWeight] = useState('');
  const [unit, setUnit] = useState<WeightUnit>('kg');
  const [addOnIds, setAddOnIds] = useState<ReadonlySet<string>>(new Set());
  const [serviceIds, setServiceIds] = useState<ReadonlySet<string>>(new Set());
  // The band prices the cremation itself: cremation services would charge it twice.
  const extraServices = useMemo(() => services.filter((s) => s.type !== 'Cremation'), [services]);

  const grams = weight.trim() === '' ? null : toGrams(weight, unit);
  const weightError = weight.trim() !== '' && (grams === null || grams <= 0) ? 'Enter the weight as a number, e.g. 4.5' : grams !== null && grams > MAX_GRAMS ? `must be at most ${MAX_GRAMS / 1000} kg` : undefined;
  const quote = useMemo((): Quote | null => {
    if (!cremationType || grams === null || grams <= 0 || grams > MAX_GRAMS) return null;
    return quoteOf({
      cremationType,
      weightGrams: grams,
      bands,
      // In the catalogue's order, whatever the order of the ticks.
      addOns: addOns.filter((a) => addOnIds.has(a.id)),
      services: extraServices.filter((s) => serviceIds.has(s.id)),
    });
  }, [cremationType, grams, bands, addOns, extraServices, addOnIds, serviceIds]);

  const toggle = (set: ReadonlySet<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  if (!cremationType)
    return (
      <Alert severity="info">
        This location has no price bands yet.{canManage ? ' Add them below.' : ' Someone who manages locations can add them.'}
      </Alert>
    );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' }, alignItems: 'start' }}>
      <Stack spacing={3} component="section" aria-label="What to price">
        <Box>
          <Typography variant="subtitle2" component="h2" id="cremation-type-label" sx={{ mb: 1 }}>
            Cremation type
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={cremationType}
            onChange={(_, next: CremationType | null) => next && setType(next)}
            aria-labelledby="cremation-type-label"
            // The theme's primary on its own selected tint reads 4.1:1; the darker shade reads above 4.5:1.
            sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark' } }}
          >
            {offered.map((t) => (
              <ToggleButton key={t} value={t}>
                {CREMATION_TYPE_LABELS[t].replace(' cremation', '')}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <TextInput
            label="Pet’s weight"
            value={weight}
            onValueChange={setWeight}
            error={weightError}
            helperText={grams && unit === 'lb' ? `= ${formatWeight(grams)}` : 'As weighed'}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            sx={{ maxWidth: 220 }}
          />
          <ToggleButtonGroup exclusive size="small" value={unit} onChange={(_, next: WeightUnit | null) => next && setUnit(next)} aria-label="Weight unit" sx={{ mt: 1 }}>
            {(['kg', 'lb'] as const).map((u) => (
              <ToggleButton key={u} value={u} aria-label={`${UNIT_LABELS[u]} (${u === 'kg' ? 'kilograms' : 'pounds'})`}>
                {UNIT_LABELS[u]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Choices
          title="Add-ons"
          empty="No add-ons are offered at this location."
          items={addOns}
          chosen={addOnIds}
          onToggle={(id, on) => setAddOnIds((s) => toggle(s, id, on))}
        />
        <Choices
          title="Services"
          empty="No other services are offered at this location."
          items={extraServices}
          chosen={serviceIds}
          onToggle={(id, on) => setServiceIds((s) => toggle(s, id, on))}
        />
      </Stack>
      <QuoteCard locationId={locationId} quote={quote} />
    </Box>
  );
}

interface ChoicesProps {
  title: string;
  empty: string;
  items: readonly { id: string; name: string; price: number }[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}

function Choices({ title, empty, items, chosen, onToggle }: ChoicesProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      ) : (
        <FormGroup>
          {items.map((item) => (
            <FormControlLabel
              key={item.id}
              control={<Checkbox checked={chosen.has(item.id)} onChange={(e) => onToggle(item.id, e.target.checked)} />}
              label={
                <Box component="span" sx={{ display: 'flex', gap: 1 }}>
                  <span>{item.name}</span>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {formatCentsPlain(Math.round(item.price * 100))}
                  </Box>
                </Box>
              }
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}

function QuoteCard({ locationId, quote }: { locationId: string; quote: Quote | null }) {
  const [clientId, setClientId] = useState('');
  const [patient, setPatient] = useState<PatientChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Estimate | null>(null);
  const create = useCreateEstimateFromQuote();
  const priced = quote && !quote.callForQuote ? quote : null;

  const chooseClient = (id: string) => {
    setClientId(id);
    if (patient && patient.clientId !== id) setPatient(null);
    setErrors({});
  };
  const submit = () => {
    if (!priced) return;
    if (!clientId) {
      setErrors({ clientId: 'Choose the client the estimate is for' });
      return;
    }
    create.mutate(
      { estimateData: { locationId, clientId, patientId: patient?.id ?? null }, estimateItems: estimateItemsOf(priced) },
      {
        onSuccess: (estimate) => {
          notifySuccess(QUOTE_MESSAGES.estimateCreated);
          setCreated(estimate);
        },
        onError: (error) => {
          const placed = serverFieldErrors(error);
          if (placed) setErrors(placed);
          notifyError(QUOTE_MESSAGES.estimateError, error);
        },
      },
    );
  };

  return (
    <Card component="section" aria-label="Quote" variant="outlined" sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Quote
        </Typography>
        {!quote ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Type the pet’s weight to see the price.
          </Typography>
        ) : quote.callForQuote ? (
          <Alert severity="info" role="status">
            {quote.message}
          </Alert>
        ) : (
          <>
            <Box component="ul" aria-label="Quote lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {quote.lines.map((line, i) => (
                <Box component="li" key={i} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
                  <span>{line.description}</span>
                  <span>{formatCentsPlain(line.total)}</span>
                </Box>
              ))}
            </Box>
            <Divider sx={{ my: 1 }} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-label="Total" role="status">
              <Typography sx={{ fontWeight: 600 }}>Total</Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid="quote-total">
                {formatCentsPlain(quote.totals.total)}
              </Typography>
            </Box>
          </>
        )}
        <Stack spacing={2} sx={{ mt: 3 }}>
          <ClientPicker value={clientId} onChange={chooseClient} locationId={locationId} required error={errors.clientId} helperText="Who the estimate is for" />
          <PatientPicker
            value={patient}
            onChange={(p) => {
              setPatient(p);
              if (p && !clientId) setClientId(p.clientId);
            }}
            clientId={clientId || undefined}
            locationId={locationId}
            label="Patient"
            required={false}
            error={errors.patientId}
          />
          <Button variant="contained" onClick={submit} disabled={!priced} loading={create.isPending}>
            Create estimate
          </Button>
          {created && (
            <Alert severity="success">
              Estimate for {created.clientName}
              {created.patientName ? ` (${created.patientName})` : ''}: {formatCentsPlain(created.highTotal)}.{' '}
              <Link component={RouterLink} to={`/clients/${created.clientId}?tab=estimates`}>
                Open the client’s estimates
              </Link>
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
