import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { DEFAULT_CURRENCY, formatCents, INVENTORY_MESSAGES } from '@willow/contracts';
import { SelectInput } from '../../components/form-fields';
import { useContacts } from '../contacts/contacts.api';
import { reorderPdfUrl, useReorder } from './inventory.api';
import { formatQuantity, plural } from './item-values';

/**
 * What to order at a location: the items at or below their reorder point (of one supplier when
 * chosen), how many boxes bring each back to its reorder-to level, and the list as a PDF to send.
 */
export function ReorderDialog({ locationId, onClose }: { locationId: string; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [supplierId, setSupplierId] = useState('');
  const suppliers = useContacts({ category: 'supplier' });
  const rows = useReorder(locationId, supplierId);
  const list = rows.data ?? [];
  const total = list.reduce((sum, r) => sum + r.orderCost, 0);
  const money = (cents: number) => formatCents(cents, DEFAULT_CURRENCY);
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="reorder-title">
      <DialogTitle id="reorder-title">Reorder list</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <SelectInput
            label="Supplier"
            value={supplierId}
            onChange={setSupplierId}
            options={(suppliers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            emptyLabel="All suppliers"
          />
          {rows.error ? (
            <Alert severity="error">{`${INVENTORY_MESSAGES.reorderError}: ${rows.error.message}`}</Alert>
          ) : rows.isSuccess && list.length === 0 ? (
            <Typography>Nothing to reorder: every item is above its reorder point.</Typography>
          ) : (
            <Table size="small" aria-label="Items to reorder">
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell>Supplier</TableCell>
                  <TableCell align="right">On hand</TableCell>
                  <TableCell align="right">Order</TableCell>
                  <TableCell align="right">Cost</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.itemId}>
                    <TableCell>{r.sku ? `${r.name} (${r.sku})` : r.name}</TableCell>
                    <TableCell>{r.supplierName ?? '—'}</TableCell>
                    <TableCell align="right">{`${formatQuantity(r.onHand)} ${plural(r.sellUnit, r.onHand)}`}</TableCell>
                    <TableCell align="right">{`${r.orderQuantity} ${plural(r.purchaseUnit, r.orderQuantity)}`}</TableCell>
                    <TableCell align="right">{money(r.orderCost)}</TableCell>
                  </TableRow>
                ))}
                {list.length > 0 && (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                      Total
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {money(total)}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button component="a" href={reorderPdfUrl(locationId, supplierId)} download startIcon={<DownloadIcon />} disabled={list.length === 0}>
          Download PDF
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
