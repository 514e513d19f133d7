import { DocumentList } from './document-list';

export function ClientDocumentsTab({ clientId }: { clientId: string }) {
  return <DocumentList clientId={clientId} />;
}

export function PatientDocumentsTab({ patientId, clientId }: { patientId: string; clientId: string }) {
  return <DocumentList clientId={clientId} patientId={patientId} />;
}
