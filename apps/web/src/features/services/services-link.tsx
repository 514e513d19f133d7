import { Button } from '@mui/material';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import { Link as RouterLink } from 'react-router';
import { useHasAnyPermission } from '../../app/session';

/** The services page of a location (no menu entry: it is reached from Locations and the calendar). */
export function servicesPath(locationId?: string | null): string {
  return locationId ? `/services?locationId=${encodeURIComponent(locationId)}` : '/services';
}

/** A button to a location's services, e.g. beside the calendar's service filter. */
export function ServicesLink({ locationId, size = 'small' }: { locationId?: string | null; size?: 'small' | 'medium' }) {
  const canManage = useHasAnyPermission(['locations.manage']);
  return (
    <Button component={RouterLink} to={servicesPath(locationId)} size={size} startIcon={<MedicalServicesIcon />}>
      {canManage ? 'Manage services' : 'Services'}
    </Button>
  );
}
