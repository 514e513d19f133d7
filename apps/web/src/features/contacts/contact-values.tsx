import { CONTACT_CATEGORY_LABELS } from '@willow/contracts';
import type { Contact } from '@willow/contracts';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useClient } from '../clients/clients.api';
import type { MergeField } from './merge';

export const FIELD_LABELS: Record<MergeField, string> = {
  name: 'Name',
  organisation: 'Organisation',
  category: 'Category',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  notes: 'Notes',
  clientId: 'Client',
};

/** The client a contact belongs with, by name, linking to their page. */
export function ClientLink({ clientId }: { clientId: string }) {
  const client = useClient(clientId);
  if (!client.data) return <>{client.isLoading ? '…' : 'Unknown client'}</>;
  return (
    <Link component={RouterLink} to={`/clients/${clientId}`} onClick={(e) => e.stopPropagation()}>
      {client.data.firstName} {client.data.lastName}
    </Link>
  );
}

/** One field of a contact as a person reads it. */
export function ContactValue({ contact, field }: { contact: Contact; field: MergeField }) {
  if (field === 'category') return <>{CONTACT_CATEGORY_LABELS[contact.category]}</>;
  if (field === 'clientId') return contact.clientId ? <ClientLink clientId={contact.clientId} /> : <em>none</em>;
  const value = contact[field];
  return value ? <>{value}</> : <em>empty</em>;
}
