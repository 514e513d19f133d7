import { HistoryTimeline } from './history-timeline';

export function ClientHistoryTab({ clientId }: { clientId: string }) {
  return <HistoryTimeline entityType="client" entityId={clientId} />;
}

export function PatientHistoryTab({ patientId }: { patientId: string }) {
  return <HistoryTimeline entityType="patient" entityId={patientId} />;
}
